export { type ClaimCounter, uncountedClaims } from './claim-counter.js';
export { findBandCandidates, insertClaimText } from './claim-texts.repository.js';
export { countClaimsOfUsers, countClaimsSince, standingClaimPointsOfUsers } from './claims.repository.js';
export { changeClaimStanding, type ClaimDeps, claimPost, clockSkewMs, cooldownFrom, countedClaim, countUserClaims, listClaimsForReview, listUserClaims } from './claims.service.js';
export { assertNotDuplicate, indexedTextOf } from './duplicate-check.js';
export { pruneOldRefusals } from './refusal-pruning.service.js';
export { duplicateThreshold, jaccard, trigrams } from './text-similarity.js';
