import { type ComponentType, lazy, Suspense, useState } from 'react';
import type { PostAndClaim } from '../hooks/use-post-and-claim';
import type { ClaimDialogTexts } from './claim-dialog';

type ClaimDialogProps = { flow: PostAndClaim<unknown>; texts: ClaimDialogTexts };

// The dialog (Radix Dialog and its parts) is needed only once a post was opened on X: its code loads
// then, not with the page, so the memes and mining pages show their first text sooner.
const ClaimDialogChunk = lazy(async () => ({
  default: (await import('./claim-dialog')).ClaimDialog as ComponentType<ClaimDialogProps>,
}));

/** claim-dialog.tsx, mounted from its first opening on (so closing it keeps Radix's focus return). */
export function ClaimDialog<S>({ flow, texts }: { flow: PostAndClaim<S>; texts: ClaimDialogTexts }) {
  const [opened, setOpened] = useState(false);
  if (flow.dialogOpen && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ClaimDialogChunk flow={flow as PostAndClaim<unknown>} texts={texts} />
    </Suspense>
  );
}
