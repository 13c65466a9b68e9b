export { listCompleteBackups } from './backup-rotation.js';
export { type BackupProgress } from './backup-sources.js';
export { createBackup } from './backup.service.js';
export { newestBackupIn } from './last-backup.service.js';
export { restoreBackup, RestoreRefused } from './restore.service.js';
export { default as backupSchedule } from './backup-schedule.plugin.js';
