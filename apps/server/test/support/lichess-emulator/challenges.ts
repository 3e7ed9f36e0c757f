import crypto from 'node:crypto';
import type http from 'node:http';
import { readBody } from '../read-body.ts';
import { sideOf, speedName, speedOf } from './game-json.ts';
import { changed, createGame, finish } from './games.ts';
import { bool, json } from './http.ts';
import { later, newId, type EmulatorState } from './state.ts';
import { openStream, toEvents, writeLine } from './streams.ts';
import type { Challenge, Color, EmulatedUser, Side } from './types.ts';

/**
 * Challenges, as lila answers them (lichess-org/api tags/challenges/, schemas/ChallengeJson.yaml):
 *   POST /api/challenge/{username}   form clock.limit, clock.increment, rated, color, keepAliveStream
 *   POST /api/challenge/{id}/accept, /decline, /cancel (cancel also aborts a game not yet started)
 *   POST /api/challenge/ai           form level, clock.limit, clock.increment, color (201)
 * with the event stream's challenge, challengeCanceled and challengeDeclined, the keep-alive
 * stream's {"done": ...}, the 20 s expiry of a challenge not kept alive, and maia1's answer.
 */

export function challengeJson(em: EmulatorState, c: Challenge, direction?: 'in' | 'out') {
  const speed = speedOf(c.limit, c.increment);
  const person = (u: EmulatedUser, perf: 'blitz' | 'rapid') => ({
    id: u.id,
    name: u.username,
    rating: u.perfs[perf].rating,
    ...(u.bot ? { title: 'BOT' } : {}),
    ...(u.perfs[perf].prov ? { provisional: true } : {}),
  });
  const perf = speed === 'blitz' ? 'blitz' : 'rapid';
  return {
    id: c.id,
    url: `${em.url}/${c.id}`,
    status: c.status,
    challenger: person(c.challenger, perf),
    destUser: person(c.dest, perf),
    variant: { key: 'standard', name: 'Standard', short: 'Std' },
    rated: c.rated,
    speed,
    timeControl: { type: 'clock', limit: c.limit, increment: c.increment, show: `${c.limit / 60}+${c.increment}` },
    color: c.color,
    finalColor: c.finalColor,
    perf: { icon: '', name: speedName(speed) },
    ...(direction ? { direction } : {}),
    ...(c.status === 'declined'
      ? { declineReason: "I'm not accepting challenges at the moment.", declineReasonKey: 'generic' }
      : {}),
  };
}

const expireLater = (em: EmulatorState, c: Challenge) =>
  later(em, em.opts.challengeExpiryMs ?? 20_000, () => c.status === 'created' && settleChallenge(em, c, 'canceled'));

function settleChallenge(em: EmulatorState, c: Challenge, status: 'accepted' | 'declined' | 'canceled'): void {
  c.status = status;
  if (status === 'accepted') {
    const challengerSide: Side = { user: c.challenger };
    const destSide: Side = { user: c.dest };
    createGame(em, {
      id: c.id,
      white: c.finalColor === 'white' ? challengerSide : destSide,
      black: c.finalColor === 'white' ? destSide : challengerSide,
      rated: c.rated,
      limit: c.limit,
      increment: c.increment,
      source: 'friend',
    });
  } else if (status === 'declined') {
    toEvents(em, c.challenger.id, { type: 'challengeDeclined', challenge: challengeJson(em, c, 'out') });
  } else {
    toEvents(em, c.dest.id, { type: 'challengeCanceled', challenge: challengeJson(em, c, 'in') });
  }
  if (c.keepAlive && !c.keepAlive.writableEnded) {
    c.keepAlive.write(`${JSON.stringify({ done: status })}\n`);
    c.keepAlive.end();
  }
}

/** POST /api/challenge/ai (tags/challenges/api-challenge-ai.yaml): a game against the AI, 201. */
export async function challengeAi(
  em: EmulatorState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  user: EmulatedUser,
): Promise<void> {
  const form = new URLSearchParams(await readBody(req));
  const level = Number(form.get('level'));
  if (!Number.isInteger(level) || level < 1 || level > 8) return json(res, 400, { error: 'level: must be 1..8' });
  const limit = Number(form.get('clock.limit') ?? 600);
  const increment = Number(form.get('clock.increment') ?? 0);
  const wanted = form.get('color') ?? 'random';
  const color: Color = wanted === 'white' || wanted === 'black' ? wanted : crypto.randomInt(2) ? 'white' : 'black';
  const me: Side = { user };
  const ai: Side = { user: null, aiLevel: level };
  const g = createGame(em, {
    white: color === 'white' ? me : ai,
    black: color === 'white' ? ai : me,
    rated: false,
    limit,
    increment,
    source: 'ai',
  });
  const speed = speedOf(limit, increment);
  return json(res, 201, {
    id: g.id,
    variant: { key: 'standard', name: 'Standard', short: 'Std' },
    speed,
    perf: speed,
    rated: false,
    source: 'ai',
    createdAt: g.createdAt,
    fen: g.chess.fen(),
    turns: 0,
    status: { id: 20, name: 'started' },
    player: color,
    fullId: `${g.id}abcd`,
  });
}

/** POST /api/challenge/{id}/accept, /decline, /cancel. */
export async function answerChallenge(
  em: EmulatorState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  user: EmulatedUser,
  id: string,
  action: string,
): Promise<void> {
  const c = em.challenges.get(id);
  if (action === 'cancel') {
    const g = em.games.get(id);
    if (c && c.challenger.id === user.id && c.status === 'created') {
      settleChallenge(em, c, 'canceled');
      return json(res, 200, { ok: true });
    }
    if (g && sideOf(g, user.id) && g.status === 'started' && g.moves.length < 2) {
      finish(em, g, 'aborted');
      changed(em, g);
      return json(res, 200, { ok: true });
    }
    return json(res, 404, { error: 'Challenge not found' });
  }
  if (!c || c.dest.id !== user.id || c.status !== 'created') return json(res, 404, { error: 'Challenge not found' });
  if (action === 'decline') {
    await readBody(req);
    settleChallenge(em, c, 'declined');
  } else {
    settleChallenge(em, c, 'accepted');
  }
  return json(res, 200, { ok: true });
}

/** POST /api/challenge/{username} (tags/challenges/api-challenge-username.yaml). */
export async function createChallenge(
  em: EmulatorState,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  user: EmulatedUser,
  bearer: string,
  username: string,
): Promise<void> {
  const dest = em.users.get(username.toLowerCase());
  const form = new URLSearchParams(await readBody(req));
  if (!dest) return json(res, 400, { error: 'destUser: no such user' });
  if (dest.id === user.id) return json(res, 400, { error: 'You cannot challenge yourself' });
  const limit = Number(form.get('clock.limit'));
  const increment = Number(form.get('clock.increment'));
  if (!Number.isInteger(limit) || !Number.isInteger(increment)) return json(res, 400, { error: 'clock: required' });
  const wanted = form.get('color') ?? 'random';
  const color = wanted === 'white' || wanted === 'black' ? wanted : 'random';
  const c: Challenge = {
    id: newId(),
    challenger: user,
    dest,
    rated: bool(form.get('rated')),
    limit,
    increment,
    color,
    finalColor: color === 'random' ? (crypto.randomInt(2) ? 'white' : 'black') : color,
    status: 'created',
    keepAlive: null,
  };
  em.challenges.set(c.id, c);
  toEvents(em, dest.id, { type: 'challenge', challenge: challengeJson(em, c, 'in') });
  toEvents(em, user.id, { type: 'challenge', challenge: challengeJson(em, c, 'out') });
  if (bool(form.get('keepAliveStream'))) {
    c.keepAlive = res;
    const s = openStream(em, res, { kind: 'challenge', userId: user.id, token: bearer });
    writeLine(em, s, challengeJson(em, c, 'out'));
    // Closing the keep-alive stream does not withdraw the challenge: it is only no longer
    // kept alive, and expires like any real-time challenge ("after 20s if not accepted",
    // tags/challenges/api-challenge-username.yaml) unless cancelled, accepted or declined.
    res.on('close', () => expireLater(em, c));
  } else {
    expireLater(em, c);
    json(res, 200, challengeJson(em, c, 'out'));
  }
  if (dest.bot) {
    const answer = () =>
      c.status === 'created' && settleChallenge(em, c, em.fault.declineBots ? 'declined' : 'accepted');
    if (em.fault.heldBotAnswers) em.fault.heldBotAnswers.push(answer);
    else later(em, em.botDelayMs, answer);
  }
}
