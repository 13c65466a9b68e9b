export { newestAuditEntry } from './audit.repository.js';
export { appendAudit, type AuditActor, commandActor, exportAuditCsv, listAudit, unnamedActor } from './audit.service.js';
export { betweenReads, recordChange } from './record-change.js';
export { findLatestActorByTarget } from './latest-actors.repository.js';
