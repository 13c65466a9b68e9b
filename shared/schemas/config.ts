import { type Static, Type } from 'typebox';

export const XModeSchema = Type.Union([Type.Literal('real'), Type.Literal('simulated'), Type.Literal('off')], {
  description: 'real: an X app is configured; simulated: the built-in local stand-in (loopback only); off: linking X is unavailable',
});
export type XMode = Static<typeof XModeSchema>;

export const WalletProofSchema = Type.Union([Type.Literal('optional'), Type.Literal('required')], {
  description: 'optional: address-only join works for wallets nobody has protected; required: linking X, claiming, generating and uploading need a signed-in wallet',
});
export type WalletProof = Static<typeof WalletProofSchema>;

/** What every page must know at run time, without a session and without a rebuild. */
export const PublicConfigSchema = Type.Object({
  miningOpen: Type.Boolean(),
  walletProof: WalletProofSchema,
  x: Type.Object({
    mode: XModeSchema,
    /** Where "post on X" sends the browser: X's compose intent, or the simulated X's compose page. */
    composeUrl: Type.String(),
  }),
  /** The external pages the app links to (trade, recovery, staking locker, marketplaces). */
  links: Type.Object({
    tradeToken: Type.String(),
    tradeTokenUnisat: Type.String(),
    balanceRecovery: Type.String(),
    stakingLocker: Type.String(),
    collectionMagicEden: Type.String(),
    collectionOkx: Type.String(),
  }),
  generation: Type.Object({
    /** ai: an OpenAI-compatible model writes; offline: the built-in generator (always available). */
    mode: Type.Union([Type.Literal('ai'), Type.Literal('offline')]),
  }),
  /** Whether the demo data set is still loaded (pages show a notice); re-read as `npm run demo:remove` can run live. */
  demoData: Type.Boolean(),
});
export type PublicConfig = Static<typeof PublicConfigSchema>;
/** The part fixed at start; `demoData` is read from the database per request. */
export type StartupPublicConfig = Omit<PublicConfig, 'demoData'>;
