/**
 * The audit module's public surface (issue 34): the admin guard, the audit log (it owns the
 * `admin_audit` table) and the consoles' change notices. Every capability with admin routes or
 * admin writes depends on this, never on the admin console (modules/admin), which acts on them.
 */
export { adminFirst, adminUidFirst, requireAdmin, targetUid, UidParams, UID_SHAPE } from './access.ts';
export { AUDIT_PAGE_SIZE, type AuditAction, type AuditLog } from './audit.ts';
export type { AuditFilter } from './audit.store.ts';
export type { AdminChanges, AdminTrail } from './changes.ts';
export { createAdminTrail } from './module.ts';
