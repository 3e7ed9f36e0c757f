import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { MoveRequest, PUZZLE_ROUTES, RushMoveRequest, SkipRequest, StartSoloRequest } from '@rush/protocol';
import { puzzleAttempts, puzzleRatings, soloBest, soloRuns } from '../../src/modules/puzzles/schema.ts';
import { registerUser, type Registered } from '../accounts/support.ts';
import { DB_KINDS } from '../support/database.ts';
import { describeBody, hostileBody, send, validFor, type HostileBodyOptions } from '../support/hostile-input.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { seedPuzzles } from './support.ts';
import { samples } from '../support/samples.ts';

/**
 * Hostile input at the Casual and Solo Rush routes: every answer is a 4xx, never a 5xx, and
 * nothing changes (no attempt, run, rating or best score appears).
 */
const RUNS = samples(40);

const BODIES: HostileBodyOptions = {
  value: fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(-1, 0, 1.5, 100, 2 ** 53, 1e308, '1', 'e2e4', 'a1a1q', 'z9z9', '\u0000', null, true, [], {}),
    fc.integer({ min: 65, max: 5_000 }).map((n) => 'é'.repeat(n)),
  ),
  protoPayloads: ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}'],
  contentTypes: ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz', null],
  controlChars: true,
};

describe.each(DB_KINDS)('puzzle bad input (%s)', (kind) => {
  let server: TestServer;
  let user: Registered;
  let runId: string;
  let attemptId: string;

  beforeAll(async () => {
    server = await startTestServer({ http: 'inject', kind });
    await seedPuzzles(server.ctx.db);
    user = await registerUser(server);
    const run = await user.client.post(PUZZLE_ROUTES.soloStart, {});
    runId = run.body.runId;
    attemptId = run.body.puzzles[0].attemptId;
  });
  afterAll(() => server?.stop());

  const snapshot = async () => {
    const n = async (t: PgTable) => (await server.ctx.db.select({ n: count() }).from(t))[0]!.n;
    return [await n(puzzleAttempts), await n(soloRuns), await n(puzzleRatings), await n(soloBest)];
  };

  interface RouteCase {
    label: string;
    path: () => string;
    schema?: z.ZodType;
    keys: string[];
    base?: () => Record<string, unknown>;
  }
  const ROUTES: RouteCase[] = [
    { label: 'casual move', path: () => PUZZLE_ROUTES.move(attemptId), schema: MoveRequest, keys: ['ply', 'uci'] },
    { label: 'casual solution', path: () => PUZZLE_ROUTES.solution(attemptId), keys: ['confirm'] },
    // A valid body would start a run: only invalid ones are sent (validFor), so nothing starts.
    {
      label: 'solo start',
      path: () => PUZZLE_ROUTES.soloStart,
      schema: StartSoloRequest,
      keys: ['difficulty', 'theme'],
    },
    {
      label: 'solo move',
      path: () => PUZZLE_ROUTES.soloMove(runId),
      schema: RushMoveRequest,
      keys: ['attemptId', 'ply', 'uci'],
      base: () => ({ attemptId, ply: 1, uci: 'a1a1' }),
    },
    { label: 'solo skip', path: () => PUZZLE_ROUTES.soloSkip(runId), schema: SkipRequest, keys: ['attemptId'] },
    { label: 'solo finish', path: () => PUZZLE_ROUTES.soloFinish(runId), keys: ['now'] },
  ];

  for (const route of ROUTES) {
    it(`POST ${route.label}: every hostile body gets a 4xx and changes nothing`, async () => {
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(hostileBody(BODIES, route.keys, route.base?.()), async (body) => {
          // Bodies a route accepts are not bad input (an empty object is a valid Finish or Solve).
          fc.pre(!validFor(route.schema, body));
          if (
            !route.schema &&
            body.kind === 'json' &&
            (body.value === null ||
              (typeof body.value === 'object' && !Array.isArray(body.value) && Object.keys(body.value).length === 0))
          )
            return;
          const res = await send(user.client, 'POST', route.path(), body);
          if (res.status < 400 || res.status >= 500)
            throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)} for ${describeBody(body)}`);
          expect(res.body?.error?.code, describeBody(body)).toBeTypeOf('string');
        }),
        { numRuns: RUNS },
      );
      expect(await snapshot()).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  it('queries and path segments: never a 5xx', async () => {
    const value = fc.oneof(
      fc.string({ maxLength: 100 }).map(encodeURIComponent),
      fc.constantFrom('%ff%fe', '%00', '%', '-1', 'normal&difficulty=hardest', 'x'.repeat(150), '..%2F..', 'a%2Fb'),
    );
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const calls: Array<[string, string, unknown]> = [
          ['GET', `${PUZZLE_ROUTES.next}?difficulty=${v}`, undefined],
          ['GET', `${PUZZLE_ROUTES.next}?theme=${v}`, undefined],
          ['GET', PUZZLE_ROUTES.solo(v), undefined],
          ['POST', PUZZLE_ROUTES.move(v), { ply: 1, uci: 'e2e4' }],
          ['POST', PUZZLE_ROUTES.solution(v), {}],
          ['POST', PUZZLE_ROUTES.soloMove(v), { attemptId: v.slice(0, 60) || 'x', ply: 1, uci: 'e2e4' }],
          ['POST', PUZZLE_ROUTES.soloSkip(runId), { attemptId: v.slice(0, 60) || 'x' }],
          ['POST', PUZZLE_ROUTES.soloFinish(v), {}],
        ];
        for (const [method, path, body] of calls) {
          const res = await user.client.request(method, path, body);
          if (res.status >= 500) throw new Error(`${res.status} on ${method} ${path}`);
          // Valid queries give puzzles; everything else is refused with an error body.
          if (res.status >= 400) expect(res.body?.error?.code ?? 'not-json').toBeTypeOf('string');
        }
      }),
      { numRuns: RUNS },
    );
  });
});
