import { linkablePostUrl } from '@shared/tweet-url';

/** A claim's stored post URL: a link only when it is an https: URL on X's hosts, otherwise plain text. */
export function PostLink({ url }: { url: string }) {
  const href = linkablePostUrl(url);
  if (href === null) return <>{url}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}
