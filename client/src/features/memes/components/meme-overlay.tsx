import type { PublicMeme } from '@shared/schemas/memes';
import { splitMemeText } from '@shared/meme-text';

// Past this many characters a caption takes a smaller size, so both still fit the picture.
const longCaption = 36;

/** The meme drawn by the page: the background with the top and bottom captions laid over it. */
export function MemeOverlay({ meme }: { meme: PublicMeme }) {
  const { top, bottom } = splitMemeText(meme.memeText);
  const background = meme.uploadedImageUrl ?? meme.template.artworkUrl;
  const captionClass = (text: string, place: 'top' | 'bottom') =>
    `meme-overlay__caption meme-overlay__caption--${place}${text.length > longCaption ? ' meme-overlay__caption--long' : ''}`;

  return (
    <figure className="meme-overlay">
      <img className="meme-overlay__background" src={background} alt="" />
      {top && <p className={captionClass(top, 'top')}>{top}</p>}
      {bottom && <p className={captionClass(bottom, 'bottom')}>{bottom}</p>}
    </figure>
  );
}
