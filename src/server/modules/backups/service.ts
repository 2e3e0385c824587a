/** The backups' only way in from outside: taking, listing and restoring them, and the server's schedule. */
export { backupPhotosDir, listBackups, takeBackup } from './backupFiles';
export { restoreBackup } from './restore';
export { createBackupSchedule, type BackupSchedule } from './schedule';
export { carryEnquiries, openLiveDatabase, RestoreRefused } from './repository';
