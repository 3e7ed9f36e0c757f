import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { APP_URL } from '../ports.ts';
import type {
  Person,
  PersonKind,
  Pool,
  ReportedLongAgo,
} from '../../../apps/server/test/support/journey-people/pool.ts';

export type { Person, PersonKind, ReportedLongAgo };

/** Set by the global setup: the folder of the pool file and of the claims. */
export const POOL_DIR_ENV = 'E2E_POOL_DIR';

let pool: Pool | null = null;

function poolDir(): string {
  const dir = process.env[POOL_DIR_ENV];
  if (!dir) throw new Error(`${POOL_DIR_ENV} is not set: the journeys' people are made by e2e/support/global-setup.ts`);
  return dir;
}

function readPool(): Pool {
  pool ??= JSON.parse(fs.readFileSync(path.join(poolDir(), 'pool.json'), 'utf8')) as Pool;
  return pool;
}

/**
 * Takes `name` for good: mkdir is atomic across processes, so two workers, or a worker started
 * again after a failure, never get the same person (claims are never given back).
 */
function take(name: string): boolean {
  try {
    fs.mkdirSync(path.join(poolDir(), 'claims', name), { recursive: false });
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  }
}

/** A person of `kind` no other journey has had. */
export function claim(kind: PersonKind): Person {
  for (const p of readPool().people) if (p.kind === kind && take(p.username)) return p;
  throw new Error(`no ${kind} left in the pool: raise POOL_SIZES in apps/server/test/support/journey-people/pool.ts`);
}

/** A player reported long enough ago to be restricted, with its two reporters (journey-people/seed.ts). */
export function claimReported(): ReportedLongAgo {
  for (const r of readPool().reported) if (take(r.target.username)) return r;
  throw new Error('no reported player left in the pool: raise POOL_SIZES.reported');
}

/** The browser holds the person's session cookie, as after a login (`origin`: the server it talks to). */
export async function signIn(target: Page | BrowserContext, person: Person, origin = APP_URL): Promise<void> {
  const context = 'context' in target ? target.context() : target;
  await context.addCookies([{ name: 'sid', value: person.session, url: origin, httpOnly: true, sameSite: 'Lax' }]);
}

/** A player an hour into a session (journey-people/seed.ts): a reality check is due (issue 37). */
export function claimLongSession(): Person {
  for (const p of readPool().longSession) if (take(p.username)) return p;
  throw new Error('no long-session player left in the pool: raise POOL_SIZES.longSession');
}
