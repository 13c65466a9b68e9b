import type { Migration } from 'kysely';
import * as createUsersAndSessions from './2026_11_22_0900_create_users_and_sessions.js';
import * as createAllocations from './2026_11_22_1000_create_allocations.js';
import * as createSocialMining from './2026_11_22_1100_create_social_mining.js';
import * as createMemes from './2026_11_22_1200_create_memes.js';
import * as addWalletProof from './2026_11_23_0900_add_wallet_proof.js';
import * as addSessionLastSeen from './2026_11_23_1000_add_session_last_seen.js';
import * as markDemoRows from './2026_11_23_1100_mark_demo_rows.js';
import * as addLeaderboardIndex from './2026_11_23_1200_add_leaderboard_index.js';
import * as createAllocationSnapshots from './2026_11_23_1300_create_allocation_snapshots.js';
import * as createAllocationDisputes from './2026_11_23_1400_create_allocation_disputes.js';
import * as createXAccountBindings from './2026_11_23_1500_create_x_account_bindings.js';
import * as createStoredImages from './2026_11_23_1608_create_stored_images.js';
import * as createRateLimitCounters from './2026_11_23_1609_create_rate_limit_counters.js';
import * as createClaimTexts from './2026_11_23_1615_create_claim_texts.js';
import * as coverWalletLookups from './2026_11_26_1800_cover_wallet_lookups.js';
import * as storeAllocationTree from './2026_11_27_0300_store_allocation_tree.js';
import * as createAdminRolesAndAuditLog from './2026_11_27_0400_create_admin_roles_and_audit_log.js';
import * as storeClaimRefusalsAndRevocations from './2026_11_27_0600_store_claim_refusals_and_revocations.js';
import * as createLookupCounts from './2026_11_27_0620_create_lookup_counts.js';
import * as keepAuditLogAppendOnly from './2026_11_27_0700_keep_audit_log_append_only.js';
import * as recordPublishedRoots from './2026_11_28_0900_record_published_roots.js';
import * as createPayouts from './2026_11_28_1000_create_payouts.js';

/** Every migration, by name, in the order they apply. A new migration is added here and nowhere else. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0900_create_users_and_sessions': createUsersAndSessions,
  '2026_11_22_1000_create_allocations': createAllocations,
  '2026_11_22_1100_create_social_mining': createSocialMining,
  '2026_11_22_1200_create_memes': createMemes,
  '2026_11_23_0900_add_wallet_proof': addWalletProof,
  '2026_11_23_1000_add_session_last_seen': addSessionLastSeen,
  '2026_11_23_1100_mark_demo_rows': markDemoRows,
  '2026_11_23_1200_add_leaderboard_index': addLeaderboardIndex,
  '2026_11_23_1300_create_allocation_snapshots': createAllocationSnapshots,
  '2026_11_23_1400_create_allocation_disputes': createAllocationDisputes,
  '2026_11_23_1500_create_x_account_bindings': createXAccountBindings,
  '2026_11_23_1608_create_stored_images': createStoredImages,
  '2026_11_23_1609_create_rate_limit_counters': createRateLimitCounters,
  '2026_11_23_1615_create_claim_texts': createClaimTexts,
  '2026_11_26_1800_cover_wallet_lookups': coverWalletLookups,
  '2026_11_27_0300_store_allocation_tree': storeAllocationTree,
  '2026_11_27_0400_create_admin_roles_and_audit_log': createAdminRolesAndAuditLog,
  '2026_11_27_0600_store_claim_refusals_and_revocations': storeClaimRefusalsAndRevocations,
  '2026_11_27_0620_create_lookup_counts': createLookupCounts,
  '2026_11_27_0700_keep_audit_log_append_only': keepAuditLogAppendOnly,
  '2026_11_28_0900_record_published_roots': recordPublishedRoots,
  '2026_11_28_1000_create_payouts': createPayouts,
};
