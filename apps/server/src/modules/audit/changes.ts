import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_TOPIC, AdminEvents, type AdminSection } from '@rush/protocol';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import type { AuditLog } from './audit.ts';

/**
 * SPEC 7 startWatchingAdminData: after a change the open consoles hear `admin.changed` with the
 * section it touched and refetch only that part. Sent after the change committed; a failed
 * publish is logged, never turned into a failed action (the console refetches on resync anyway).
 */
export class AdminChanges {
  constructor(
    private readonly hub: Pick<RealtimeHub, 'publish'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Each section once; `withAudit` (admin writes) adds the audit section their row changed. */
  async publish(sections: readonly AdminSection[], withAudit = true): Promise<void> {
    const all = new Set<AdminSection>(sections);
    if (withAudit) all.add('audit');
    for (const section of all) {
      try {
        await this.hub.publish(ADMIN_TOPIC, AdminEvents.changed, { section });
      } catch (err) {
        this.log.error({ err, section }, 'admin change not published');
      }
    }
  }
}

/** What the modules with admin writes of their own (catalogue, reports) receive from the composition root. */
export interface AdminTrail {
  audit: AuditLog;
  changes: AdminChanges;
}
