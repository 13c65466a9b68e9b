import { type Static, type TSchema, Type } from 'typebox';
import { AdminRoleSchema } from './admin.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const UpstreamStatusSchema = Type.Object({
  source: Type.Union([
    Type.Literal('block_explorer'),
    Type.Literal('marketplace'),
    Type.Literal('staking'),
    Type.Literal('x'),
    Type.Literal('llm'),
  ]),
  /** null until the source was first asked. */
  state: Nullable(Type.Union([Type.Literal('live'), Type.Literal('stale'), Type.Literal('unavailable')])),
});

export const LaunchStateSchema = Type.Object({
  allocation: Type.Object({
    revealed: Type.Boolean(),
    /** When it was made public (ISO), null while hidden or not yet recorded. */
    revealedAt: Nullable(Type.String()),
    revealsAt: Nullable(Type.String()),
    revealsAtBlock: Nullable(Type.Integer()),
  }),
  pause: Nullable(Type.Object({ reason: Type.String(), since: Type.String() })),
  notice: Nullable(Type.Object({ en: Type.String(), zh: Type.String() })),
});
export type LaunchState = Static<typeof LaunchStateSchema>;

export const LastBackupSchema = Type.Object({
  /** ISO time the backup was taken. */
  at: Type.String(),
  /** The backup folder's name. */
  file: Type.String(),
  /** True when it is in BACKUP_DIR with its manifest and every file the manifest lists, at its size (its sha256 was checked when written). */
  checked: Type.Boolean(),
  /** Who took it: the audit log's actor for a command's backup, null for a scheduled one. */
  by: Nullable(Type.String()),
});

export const AdminOverviewSchema = Type.Object({
  at: Type.String(),
  openDisputes: Type.Integer(),
  /** Claims (posts and memes) accepted since 00:00 UTC. */
  claimsToday: Type.Integer(),
  /** Allocation lookups of every server process in the last 60 minutes (the counts arrive within seconds). */
  lookupsLastHour: Type.Integer(),
  databaseReachable: Type.Boolean(),
  upstreams: Type.Array(UpstreamStatusSchema),
  launch: LaunchStateSchema,
  lastBackup: Nullable(LastBackupSchema),
});
export type AdminOverview = Static<typeof AdminOverviewSchema>;

const Text = (maxLength: number) => Type.String({ minLength: 1, maxLength });

/** One switch, as `npm run launch` names it. */
export const LaunchCommandBodySchema = Type.Union([
  Type.Object(
    {
      command: Type.Literal('reveal-at'),
      at: Type.String({ minLength: 1, maxLength: 64, description: 'ISO time with its zone, or block:N' }),
      now: Type.Optional(
        Type.Boolean({
          description:
            'true: the time is past (or the block reached) and publishing the list at once is meant; without it such a reveal is refused with 409 REVEAL_TIME_PASSED. Refused (400) with a reveal still ahead',
        }),
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object({ command: Type.Literal('reveal-now') }, { additionalProperties: false }),
  Type.Object({ command: Type.Literal('pause'), reason: Text(500) }, { additionalProperties: false }),
  Type.Object({ command: Type.Literal('resume') }, { additionalProperties: false }),
  Type.Object({ command: Type.Literal('notice'), en: Text(500), zh: Text(500) }, { additionalProperties: false }),
  Type.Object({ command: Type.Literal('notice-clear') }, { additionalProperties: false }),
]);
export type LaunchCommandBody = Static<typeof LaunchCommandBodySchema>;

export const LaunchResponseSchema = Type.Object({
  launch: LaunchStateSchema,
  /** Every server process follows within this many seconds. */
  followsWithinSeconds: Type.Integer(),
});

export const GrantSchema = Type.Object({
  walletAddress: Type.String(),
  role: AdminRoleSchema,
  grantedAt: Type.String(),
  grantedBy: Type.String(),
});

export const GrantsResponseSchema = Type.Object({ grants: Type.Array(GrantSchema) });

export const GrantBodySchema = Type.Object(
  { wallet: Type.String({ minLength: 1, maxLength: 128 }), role: AdminRoleSchema, reason: Type.Optional(Text(500)) },
  { additionalProperties: false },
);

export const RevokeBodySchema = Type.Object({ reason: Type.Optional(Text(500)) }, { additionalProperties: false });

export const GrantChangeResponseSchema = Type.Object({ walletAddress: Type.String(), role: Nullable(AdminRoleSchema) });
