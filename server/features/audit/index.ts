export { newestAuditEntry } from './audit.repository.js';
// A change to the database goes through `recordChange`; `appendAudit` alone is for an event that changes
// no row, such as a backup written to disk.
export { appendAudit, type AuditActor, commandActor, exportAuditCsv, listAudit, unnamedActor } from './audit.service.js';
export { betweenReads, recordChange } from './record-change.js';
export { findLatestActorByTarget } from './latest-actors.repository.js';
