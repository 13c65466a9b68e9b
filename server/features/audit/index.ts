export { appendAudit, type AuditActor, commandActor, exportAuditCsv, listAudit, recordChange } from './audit.service.js';
export { findLatestActorByTarget } from './latest-actors.repository.js';
