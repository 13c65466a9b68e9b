import { type Static, Type } from 'typebox';
import { AfterRevealCheckSchema } from './allocation-roots.js';

/** Micro-tokens (1e-6 token) as a decimal string: exact beyond 2^53. */
const Micro = Type.String({ pattern: '^[0-9]+$' });
const MaybeMicro = Type.Union([Micro, Type.Null()]);

export const ImportSnapshotSchema = Type.Object({
  source: Type.String(),
  rows: Type.Integer(),
  wallets: Type.Integer(),
  totalMicro: Micro,
  asOfBlock: Type.Union([Type.Integer(), Type.Null()]),
  /** ISO time; null for rows no import labelled. */
  importedAt: Type.Union([Type.String(), Type.Null()]),
  importedBy: Type.Union([Type.Object({ actor: Type.String(), role: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
});

export const ImportSnapshotsResponseSchema = Type.Object({
  snapshots: Type.Array(ImportSnapshotSchema),
  /** The Merkle root of the whole table the servers prove from; null without records. */
  root: Type.Union([Type.String(), Type.Null()]),
  leafCount: Type.Integer(),
});

export const WalletDifferenceSchema = Type.Object({
  wallet: Type.String(),
  kind: Type.Union([Type.Literal('added'), Type.Literal('removed'), Type.Literal('changed')]),
  oldTotalMicro: MaybeMicro,
  newTotalMicro: MaybeMicro,
  /** Only the categories whose amount differs; null where the category is absent. */
  categories: Type.Array(Type.Object({ category: Type.String(), oldMicro: MaybeMicro, newMicro: MaybeMicro })),
});

export const ImportDifferenceSchema = Type.Object({
  source: Type.String(),
  liveRows: Type.Integer(),
  candidateRows: Type.Integer(),
  liveWallets: Type.Integer(),
  candidateWallets: Type.Integer(),
  added: Type.Integer(),
  removed: Type.Integer(),
  changed: Type.Integer(),
  unchanged: Type.Integer(),
  liveTotalMicro: Micro,
  candidateTotalMicro: Micro,
  oldRoot: Type.Union([Type.String(), Type.Null()]),
  newRoot: Type.Union([Type.String(), Type.Null()]),
  wallets: Type.Array(WalletDifferenceSchema),
  /** Differing wallets left out of `wallets`. */
  more: Type.Integer(),
  /** Per wallet across the whole list (every source): wallets left with no record, and wallets whose total goes down. */
  wholeList: Type.Object({ removedWallets: Type.Integer(), loweredWallets: Type.Integer() }),
  /** The demo data set is loaded: `newRoot` (and `wholeList`) leave it out, as the import runs after `npm run demo:remove`. */
  newRootAfterDemoRemove: Type.Boolean(),
});

export const ImportPreviewResponseSchema = Type.Object({
  difference: ImportDifferenceSchema,
  /** The import of this list would be refused without `--replace`: it removes a wallet from the list or lowers a total. */
  needsReplace: Type.Boolean(),
  /** Whether the import changes a published root, so needs `--after-reveal --reason`, or publishes its root at once. */
  afterReveal: AfterRevealCheckSchema,
});

/** Differing wallets a preview lists. */
export const previewWalletLimit = 200;
/** The largest list a preview takes (about 1M rows of bc1p wallets). */
export const maxImportUploadBytes = 160 * 1024 * 1024;

export type ImportSnapshotsResponse = Static<typeof ImportSnapshotsResponseSchema>;
export type ImportDifference = Static<typeof ImportDifferenceSchema>;
export type ImportPreviewResponse = Static<typeof ImportPreviewResponseSchema>;
