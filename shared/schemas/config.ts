import { type Static, Type } from 'typebox';

export const XModeSchema = Type.Union([Type.Literal('real'), Type.Literal('simulated'), Type.Literal('off')], {
  description: 'real: an X app is configured; simulated: the built-in local stand-in (loopback only); off: linking X is unavailable',
});
export type XMode = Static<typeof XModeSchema>;

/**
 * Why X is off, as a code from this list only: the answer is public, so it never carries the hosts or
 * URLs the start-up log names.
 */
export const XOffReasonSchema = Type.Union(
  [Type.Literal('disabled'), Type.Literal('behind-proxy'), Type.Literal('not-loopback'), Type.Literal('https')],
  {
    description:
      'disabled: no X app and X_SIMULATED=false; behind-proxy: no X app and TRUST_PROXY is set; not-loopback: no X app and HOST or PUBLIC_URL is reachable from other machines; https: no X app and PUBLIC_URL is https',
  },
);
export type XOffReason = Static<typeof XOffReasonSchema>;

/** Which X is in use and why: each mode with the reasons it can have. */
export const XStateSchema = Type.Union([
  Type.Object({ mode: Type.Literal('real'), reason: Type.Literal('configured', { description: 'X_CLIENT_ID is set' }) }),
  Type.Object({
    mode: Type.Literal('simulated'),
    reason: Type.Literal('loopback-demo', { description: 'no X app, and only this machine can reach the server' }),
  }),
  Type.Object({ mode: Type.Literal('off'), reason: XOffReasonSchema }),
]);
export type XState = Static<typeof XStateSchema>;

export const WalletProofSchema = Type.Union([Type.Literal('optional'), Type.Literal('required')], {
  description: 'optional: address-only join works for wallets nobody has protected; required: linking X, claiming, generating and uploading need a signed-in wallet',
});
export type WalletProof = Static<typeof WalletProofSchema>;

/** When the allocation list becomes public, a pause of the lookups, and a banner; set by `npm run launch`. */
export const LaunchPublicStateSchema = Type.Object({
  allocation: Type.Object({
    /** false: the lookups answer 403 NOT_YET_REVEALED until the time or block below. */
    revealed: Type.Boolean(),
    /** The ISO time of the reveal, when it is set by time. */
    revealsAt: Type.Union([Type.String(), Type.Null()]),
    /** The Bitcoin block height of the reveal, when it is set by block. */
    revealsAtBlock: Type.Union([Type.Integer(), Type.Null()]),
  }),
  /** Set while the lookups answer 503 LOOKUPS_PAUSED; the reason is shown as a banner. */
  pause: Type.Union([Type.Object({ reason: Type.String() }), Type.Null()]),
  /** A banner in both languages that gates nothing. */
  notice: Type.Union([Type.Object({ en: Type.String(), zh: Type.String() }), Type.Null()]),
});
export type LaunchPublicState = Static<typeof LaunchPublicStateSchema>;

/** What every page must know at run time, without a session and without a rebuild. */
export const PublicConfigSchema = Type.Object({
  miningOpen: Type.Boolean(),
  walletProof: WalletProofSchema,
  x: Type.Intersect([
    XStateSchema,
    Type.Object({
      /** Where "post on X" sends the browser: X's compose intent, or the simulated X's compose page. */
      composeUrl: Type.String(),
    }),
  ]),
  /** The external pages the app links to (trade, recovery, staking locker, marketplaces). */
  links: Type.Object({
    tradeToken: Type.String(),
    tradeTokenUnisat: Type.String(),
    balanceRecovery: Type.String(),
    stakingLocker: Type.String(),
    collectionMagicEden: Type.String(),
    collectionOkx: Type.String(),
  }),
  /** A transaction's page on the block explorer: this, a slash and the txid (https; EXPLORER_TX_URL). */
  explorerTxUrl: Type.String({ pattern: '^https://' }),
  generation: Type.Object({
    /** ai: an OpenAI-compatible model writes; offline: the built-in generator (always available). */
    mode: Type.Union([Type.Literal('ai'), Type.Literal('offline')]),
  }),
  /** Whether the demo data set is still loaded (pages show a notice); re-read as `npm run demo:remove` can run live. */
  demoData: Type.Boolean(),
  ...LaunchPublicStateSchema.properties,
});
export type PublicConfig = Static<typeof PublicConfigSchema>;
/** The part fixed at start; `demoData` and the launch state are read from the database (cached briefly). */
export type StartupPublicConfig = Omit<PublicConfig, 'demoData' | keyof LaunchPublicState>;
