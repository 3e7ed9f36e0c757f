import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizationUrl,
  createMatchedGame,
  LichessClient,
  newPkceRequest,
  pairMatchedGame,
  startBotGame,
  type LichessGameStreamEvent,
} from '../../src/modules/lichess/index.ts';
import { startLichessEmulator, type LichessEmulator } from '../support/lichess-emulator/emulator.ts';
import {
  COMMON_STATUSES,
  formViolations,
  operationOf,
  PUBLISHED_API,
  violations,
  type Answer,
} from '../support/lichess-emulator/published-api.ts';
import { until } from './support.ts';

interface Exchange {
  method: string;
  url: URL;
  requestType: string | null;
  requestBody: string | null;
  authorized: boolean;
  status: number;
  responseType: string;
  /** The whole body as read so far (a stream keeps growing until it ends). */
  body: string;
}

/** A fetch that keeps a copy of every request and of every answer's body, streams included. */
function recordingFetch(log: Exchange[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    const res = await fetch(input, init);
    const x: Exchange = {
      method: init?.method ?? 'GET',
      url,
      requestType: headers.get('content-type'),
      requestBody: typeof init?.body === 'string' ? init.body : null,
      authorized: headers.has('authorization'),
      status: res.status,
      responseType: res.headers.get('content-type') ?? '',
      body: '',
    };
    log.push(x);
    const copy = res.clone();
    void (async () => {
      if (!copy.body) return;
      const reader = copy.body.getReader();
      const dec = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          x.body += dec.decode(value, { stream: true });
        }
      } catch {
        // The client closed the stream: what was read is what Lichess sent.
      }
    })();
    return res;
  };
}

/** Every way an exchange departs from the published API. */
function judge(x: Exchange): string[] {
  const found = operationOf(x.method, x.url.pathname);
  const where = `${x.method} ${x.url.pathname}`;
  if (!found) return [`${where}: not a published operation of the product's`];
  const { op, params } = found;
  const out: string[] = [];
  if (op.scopes !== null && !x.authorized) out.push(`${where}: needs a token`);
  for (const [k, s] of Object.entries(op.pathParams ?? {})) out.push(...violations(s, params[k], `${where} {${k}}`));
  out.push(...formViolations(op.query ?? {}, x.url.searchParams, `${where} ?`));
  const enc = op.body?.encoding;
  if (enc === 'form') {
    if (x.requestBody !== null && !x.requestType?.startsWith('application/x-www-form-urlencoded'))
      out.push(`${where}: body must be application/x-www-form-urlencoded, was ${x.requestType}`);
    const form = new URLSearchParams(x.requestBody ?? '');
    out.push(...formViolations(op.body?.fields ?? {}, form, `${where} form`));
    for (const k of op.body?.required ?? []) if (!form.has(k)) out.push(`${where} form.${k}: required, missing`);
  } else if (enc === 'text') {
    if (!x.requestType?.startsWith('text/plain')) out.push(`${where}: body must be text/plain, was ${x.requestType}`);
  } else if (x.requestBody !== null && x.requestBody !== '') out.push(`${where}: no body is published`);
  const answer: Answer | undefined = op.responses[x.status] ?? COMMON_STATUSES[x.status];
  if (!answer)
    return [...out, `${where}: status ${x.status} is not published (${Object.keys(op.responses).join(', ')})`];
  if (answer.kind === 'none') return x.body === '' ? out : [...out, `${where}: ${x.status} has no body`];
  const ndjson = x.responseType.startsWith('application/x-ndjson');
  if (!ndjson) {
    if (!x.responseType.startsWith('application/json')) out.push(`${where}: answered ${x.responseType}`);
    try {
      out.push(...violations(answer.schema!, JSON.parse(x.body), `${where} ${x.status}`));
    } catch {
      out.push(`${where}: ${x.status} body is not JSON`);
    }
    return out;
  }
  if (answer.kind !== 'ndjson' && !answer.lines) return [...out, `${where}: ND-JSON is not published here`];
  const lines = x.body.split('\n');
  lines.pop(); // after the last newline: an unfinished line, or nothing
  for (const [i, line] of lines.entries()) {
    if (line === '') continue; // a keep-alive
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      // The emulator's malformed-line fault is not used here: every line must parse.
      out.push(`${where} line ${i}: not JSON`);
      continue;
    }
    if (answer.events) {
      const type = (v as { type?: unknown }).type;
      const s = typeof type === 'string' ? answer.events[type] : undefined;
      if (!s) out.push(`${where} line ${i}: event type ${String(type)} is not published`);
      else out.push(...violations(s, v, `${where} line ${i}`));
    } else if (!answer.lines!.some((s) => violations(s, v).length === 0)) {
      out.push(`${where} line ${i}: fits no published line`);
    }
  }
  return out;
}

/**
 * The emulator held to Lichess's published API (issue 31): every request the product's client
 * sends in a game's life (OAuth, account, token test, bulk pairing, the game stream, moves with
 * castling, offers, chat, claim, resign, abort, challenges to maia1 and the AI, cancel, export,
 * revoke, and the refusals: 400, 404, 429) and every answer the emulator gives are judged
 * against published-api.ts, written from lichess-org/api. A change of the emulator (or of the
 * client) that contradicts the published API fails here.
 */
describe('the product and the emulator against the published Lichess API', () => {
  let emu: LichessEmulator;
  const log: Exchange[] = [];
  let client: LichessClient;
  beforeAll(async () => {
    emu = await startLichessEmulator({ keepAliveMs: 20, botDelayMs: 5, claimWinSeconds: 0 });
    client = new LichessClient({ baseUrl: emu.url, fetch: recordingFetch(log), streamRetryDelayMs: 20 });
  });
  afterAll(async () => {
    await emu?.close();
  });

  it('every request and answer of a whole game’s life conforms, and every published operation the product uses was exercised', async () => {
    // OAuth: the code comes from the authorization page; the token exchange is the client's.
    emu.addUser('Wanda');
    emu.setNextLogin('Wanda');
    const pkce = newPkceRequest();
    const redirectUri = 'http://127.0.0.1:1/callbacklichess';
    const page = await fetch(
      authorizationUrl({ baseUrl: emu.url, clientId: 'c', redirectUri, challenge: pkce.challenge, state: pkce.state }),
      { redirect: 'manual' },
    );
    const code = new URL(page.headers.get('location')!).searchParams.get('code')!;
    const { accessToken: wanda } = await client.exchangeCode({
      clientId: 'c',
      redirectUri,
      code,
      verifier: pkce.verifier,
    });
    await expect(client.exchangeCode({ clientId: 'c', redirectUri, code, verifier: pkce.verifier })).rejects.toThrow();
    await client.account(wanda);
    await client.testTokens([wanda, 'lio_nobody']);

    // A matched game by bulk pairing, followed by both players' streams.
    emu.addUser('Xavier');
    const xavier = emu.issueToken('Xavier');
    const bulk = emu.bulkToken();
    const { gameId } = await pairMatchedGame(
      client,
      bulk,
      { token: wanda },
      { token: xavier },
      {
        limitSec: 300,
        incrementSec: 0,
      },
    );
    const events: LichessGameStreamEvent[] = [];
    const ws = client.streamGame(wanda, gameId, (e) => events.push(e));
    const xs = client.streamGame(xavier, gameId, () => undefined);
    await until(() => emu.openStreams('game') === 2, 2_000, 'streams');
    const moves = ['e2e4', 'e7e5', 'g1f3', 'g8f6', 'f1c4', 'f8c5', 'e1g1', 'e8g8'];
    for (const [i, uci] of moves.entries()) await client.move(i % 2 === 0 ? wanda : xavier, gameId, uci);
    await client.move(wanda, gameId, 'd2d3', { offeringDraw: true });
    await client.draw(xavier, gameId, false);
    await client.takeback(xavier, gameId, true);
    await client.takeback(wanda, gameId, false);
    await client.chat(wanda, gameId, 'player', 'good luck');
    await expect(client.move(xavier, gameId, 'e8e1')).rejects.toThrow();
    await expect(client.chat(wanda, gameId, 'player', '😀'.repeat(71))).rejects.toThrow();
    // Xavier leaves: opponentGone on Wanda's stream; the claim (no wait here) wins.
    xs.close();
    await until(() => events.some((e) => e.type === 'opponentGone'), 2_000, 'opponentGone');
    await client.claimVictory(wanda, gameId);
    await ws.done;

    // A direct challenge (accept, abort), one declined, one cancelled.
    const a = await createMatchedGame(
      client,
      { token: wanda },
      { token: xavier, username: 'Xavier' },
      {
        limitSec: 180,
        incrementSec: 0,
      },
    );
    await client.abort(wanda, a.gameId);
    const declined = await client.challenge(wanda, 'Xavier', { clockLimitSec: 600, clockIncrementSec: 0 });
    await client.declineChallenge(xavier, declined.id, 'later');
    const cancelled = await client.challenge(wanda, 'Xavier', {
      clockLimitSec: 600,
      clockIncrementSec: 0,
      color: 'black',
    });
    await client.cancelChallenge(wanda, cancelled.id);
    await expect(client.acceptChallenge(xavier, cancelled.id)).rejects.toThrow();

    // The bot: maia1 (keep-alive challenge), then the AI when maia1 declines; resign, export.
    const maia = await startBotGame(client, wanda, { level: 1, color: 'white' });
    await client.move(wanda, maia.gameId, 'e2e4');
    await until(() => emu.game(maia.gameId)!.moves.length === 2, 2_000, 'maia1 reply');
    await client.resign(wanda, maia.gameId);
    emu.faults.declineBotChallenges(true);
    const ai = await startBotGame(client, wanda, { level: 2, color: 'black' });
    emu.faults.declineBotChallenges(false);
    await client.abort(wanda, ai.gameId);
    await client.exportGame(gameId);
    await client.exportGame(gameId, wanda);

    // Refusals: an unscoped player token (400), the platform's limit (429), no such game (404).
    const unscoped = emu.issueToken('Wanda', ['board:play']);
    await expect(
      client.bulkPairing(bulk, {
        pairs: [{ white: unscoped, black: xavier }],
        clockLimitSec: 300,
        clockIncrementSec: 0,
        rules: [],
      }),
    ).rejects.toThrow();
    emu.faults.rateLimit(1, undefined, '/api/bulk-pairing');
    await expect(
      pairMatchedGame(client, bulk, { token: wanda }, { token: xavier }, { limitSec: 300, incrementSec: 0 }),
    ).rejects.toThrow();
    const missing = client.streamGame(xavier, 'abcdefgh', () => undefined);
    await expect(missing.done).rejects.toThrow();
    await client.revokeToken(xavier);

    // Streams read to their end, then every exchange judged.
    await new Promise((r) => setTimeout(r, 100));
    const problems = log.flatMap(judge);
    expect(problems).toEqual([]);
    const used = new Set(log.map((x) => operationOf(x.method, x.url.pathname)?.op.id));
    expect(PUBLISHED_API.map((o) => o.id).filter((id) => !used.has(id))).toEqual([]);
    // Keep-alive lines were among what the streams carried, and castling came king-to-rook.
    expect(log.some((x) => x.responseType.startsWith('application/x-ndjson') && x.body.includes('\n\n'))).toBe(true);
    expect(log.some((x) => x.body.includes('e1h1 e8h8'))).toBe(true);
  });

  it('judges: an answer with a field Lichess does not publish, a wrong enum or a missing required field is caught', () => {
    const x = (body: unknown): Exchange => ({
      method: 'POST',
      url: new URL('http://l/api/board/game/abcd1234/resign'),
      requestType: null,
      requestBody: null,
      authorized: true,
      status: 200,
      responseType: 'application/json',
      body: JSON.stringify(body),
    });
    expect(judge(x({ ok: true }))).toEqual([]);
    expect(judge(x({ ok: true, extra: 1 }))).toEqual([
      'POST /api/board/game/abcd1234/resign 200.extra: not in the published schema',
    ]);
    expect(judge(x({}))).toEqual(['POST /api/board/game/abcd1234/resign 200.ok: required, missing']);
    const stream: Exchange = {
      ...x(null),
      method: 'GET',
      url: new URL('http://l/api/board/game/stream/abcd1234'),
      responseType: 'application/x-ndjson',
      body: '\n{"type":"gameState","moves":"","wtime":1,"btime":1,"winc":0,"binc":0,"status":"finished"}\n{"type":"hello"}\n',
    };
    expect(judge(stream)).toEqual([
      'GET /api/board/game/stream/abcd1234 line 1.status: finished not in ' +
        'created|started|aborted|mate|resign|stalemate|timeout|draw|outoftime|cheat|noStart|unknownFinish|insufficientMaterialClaim|variantEnd',
      'GET /api/board/game/stream/abcd1234 line 2: event type hello is not published',
    ]);
    const draw: Exchange = { ...x({ ok: true }), url: new URL('http://l/api/board/game/abcd1234/draw/no') };
    expect(judge(draw)).toEqual(['POST /api/board/game/abcd1234/draw/no {accept}: no not in true|false|yes']);
  });
});
