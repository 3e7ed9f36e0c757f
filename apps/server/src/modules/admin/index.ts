/** The admin module's public surface: other modules and the composition root import only this. */
export { requireAdmin, targetUid } from './access.ts';
export type { AuditLog } from './audit.ts';
export type { AdminChanges, AdminTrail } from './changes.ts';
export { createAdminTrail, registerAdmin } from './module.ts';
export type { ConsolePorts } from './ports.ts';
