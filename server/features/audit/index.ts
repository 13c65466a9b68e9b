export { appendAudit, type AuditActor, commandActor, exportAuditCsv, listAudit, recordChange } from './audit.service.js';
