import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Clock } from './clock.ts';
import type { Db, DatabaseKind } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { RealtimeHub } from './realtime/types.ts';

/** What every capability module receives from the composition root. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  clock: Clock;
  mailer: Mailer;
  hub: RealtimeHub;
  log: FastifyBaseLogger;
}
