import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { TEXTS } from '@rush/domain';
import { isConnectionLoss } from '../../src/platform/db/sql-errors.ts';
import { installErrorHandler } from '../../src/platform/http/error-handler.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
/** Drizzle wraps the driver's error in `cause`. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('a lost database connection (issue 18)', () => {
  test.each([
    ['a backend ended by an operator (57P01)', wrapped(withCode('57P01')), true],
    ['the server crashing (57P02)', withCode('57P02'), true],
    ['the server starting (57P03)', withCode('57P03'), true],
    ['a connection exception (08006)', wrapped(withCode('08006')), true],
    ['pg: Connection terminated unexpectedly', wrapped(new Error('Connection terminated unexpectedly')), true],
    [
      'pg: a client no longer queryable',
      new Error('Client has encountered a connection error and is not queryable'),
      true,
    ],
    ['a reset socket', wrapped(withCode('ECONNRESET')), true],
    ['a refused connection', withCode('ECONNREFUSED'), true],
    ['a unique violation', wrapped(withCode('23505')), false],
    ['a serialization failure', withCode('40001'), false],
    ['a plain bug', new TypeError('undefined is not a function'), false],
    ['not an error', 'Connection terminated', false],
  ])('%s: %s', (_name, error, expected) => {
    expect(isConnectionLoss(error)).toBe(expected);
  });

  test('is answered 503 with Retry-After and the busy text, never a 500; a bug stays a 500', async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/lost', () => {
      throw wrapped(withCode('57P01', 'terminating connection due to administrator command'));
    });
    app.get('/bug', () => {
      throw new TypeError('boom');
    });
    const lost = await app.inject({ method: 'GET', url: '/lost' });
    expect(lost.statusCode).toBe(503);
    expect(lost.headers['retry-after']).toBe('1');
    expect(lost.json()).toEqual({ error: { code: 'UNAVAILABLE', message: TEXTS.serviceBusy } });
    const bug = await app.inject({ method: 'GET', url: '/bug' });
    expect(bug.statusCode).toBe(500);
    await app.close();
  });
});
