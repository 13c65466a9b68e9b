import { type Static, Type } from 'typebox';

/** A SHA-256 Merkle root in lower-case hex (docs/verify-allocation.md). */
const RootHex = Type.String({ pattern: '^[0-9a-f]{64}$' });
/** An ISO 8601 time. */
const Time = Type.String();

/** A root the allocation list was public with, and, once corrected, what replaced it and why. */
export const PublishedRootSchema = Type.Object({
  root: RootHex,
  leafCount: Type.Integer({ minimum: 1 }),
  /** When the list was public with this root: at the reveal, or at its import when the list already was. */
  publishedAt: Time,
  /** The latest block height the records were "as of" when published; null when unknown. */
  asOfBlock: Type.Union([Type.Integer(), Type.Null()]),
  /** Null while this is the current root. */
  replacedAt: Type.Union([Time, Type.Null()]),
  /** The root that replaced it; null while current, and when the list was emptied. */
  replacedByRoot: Type.Union([RootHex, Type.Null()]),
  /** The operator's reason for the correction (`--after-reveal --reason`). */
  replacedReason: Type.Union([Type.String(), Type.Null()]),
});
export type PublishedRoot = Static<typeof PublishedRootSchema>;

export const PublishedRootsSchema = Type.Object({
  /** Newest first; empty before the list was ever public. */
  roots: Type.Array(PublishedRootSchema),
});
export type PublishedRoots = Static<typeof PublishedRootsSchema>;

/** What an import would mean for the published root (the console's preview, a dry run). */
export const AfterRevealCheckSchema = Type.Object({
  /** The import changes a published root: it needs `--after-reveal --reason "…"`. */
  needed: Type.Boolean(),
  /** The current published root, null when none is. */
  publishedRoot: Type.Union([RootHex, Type.Null()]),
  publishedAt: Type.Union([Time, Type.Null()]),
  /** The list is public: the import publishes its root at once (with no reveal schedule stored, for one). */
  publishesAtOnce: Type.Boolean(),
});
export type AfterRevealCheck = Static<typeof AfterRevealCheckSchema>;
