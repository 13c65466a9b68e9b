export { useCooldown } from './api/get-cooldown';
export { ClaimDialog } from './components/claim-dialog-lazy';
export { composeUrl } from './compose-url';
export { usePostAndClaim } from './hooks/use-post-and-claim';
