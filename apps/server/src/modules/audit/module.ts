import type { AppContext } from '../../platform/context.ts';
import { AuditLog } from './audit.ts';
import { AdminChanges, type AdminTrail } from './changes.ts';

/**
 * The audit log and the consoles' change notices: made first, so every capability with admin
 * writes (the console, the catalogue, reports, fair play's review) records and announces them.
 */
export function createAdminTrail(ctx: AppContext): AdminTrail {
  return { audit: new AuditLog(ctx.db, ctx.clock), changes: new AdminChanges(ctx.hub, ctx.log) };
}
