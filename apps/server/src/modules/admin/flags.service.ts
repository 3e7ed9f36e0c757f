import type { FlaggedUsersResponse } from '@rush/protocol';
import type { Db } from '../../platform/db/database.ts';
import { inTx } from '../../platform/db/transaction.ts';
import { notFound } from '../../platform/errors.ts';
import type { AuditLog } from '../audit/index.ts';
import { FlagsStore, type FlagRecord } from './flags.store.ts';

const flagView = (f: FlagRecord) => ({
  id: f.id.toString(),
  kind: f.kind,
  source: f.source,
  evidence: f.evidence,
  createdAt: f.createdAt.toISOString(),
});

/**
 * SPEC 2 "system-flagged users", SPEC 7 deleteFlaggedUser: fair play raises `system` flags
 * (issue 14); an admin may raise one by hand or delete any. Each write has its audit row in its
 * transaction; a deleted flag lives on only in the audit log.
 */
export class FlagsService {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly audit: AuditLog,
  ) {}

  /** Every flagged user with their flags (oldest first), by username. */
  async list(): Promise<FlaggedUsersResponse> {
    const users = new Map<string, FlaggedUsersResponse['users'][number]>();
    for (const { flag, username } of await new FlagsStore(this.db).all()) {
      const entry = users.get(flag.uid) ?? { uid: flag.uid, username, flags: [] };
      entry.flags.push(flagView(flag));
      users.set(flag.uid, entry);
    }
    return { users: [...users.values()] };
  }

  async raise(adminUid: string, input: { uid: string; kind: string; evidence: string }): Promise<void> {
    await inTx(this.db, async (tx) => {
      const store = new FlagsStore(tx);
      if (!(await store.userExists(input.uid))) throw notFound();
      const flag = await store.add({ ...input, source: 'admin', createdBy: adminUid, createdAt: this.now() });
      await this.audit.record(
        tx,
        { adminUid, action: 'flag.raise', target: input.uid },
        { before: null, after: flagView(flag) },
      );
    });
  }

  /** 404 when there is no such flag. */
  async delete(adminUid: string, id: bigint): Promise<void> {
    await inTx(this.db, async (tx) => {
      const gone = await new FlagsStore(tx).delete(id);
      if (!gone) throw notFound();
      await this.audit.record(
        tx,
        { adminUid, action: 'flag.delete', target: gone.uid },
        { before: { ...flagView(gone), uid: gone.uid }, after: null },
      );
    });
  }
}
