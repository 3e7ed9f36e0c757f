import { afterEach, describe, expect, it } from 'vitest';
import { GAME_STATUSES } from '@rush/domain';
import {
  confirmResult,
  createMatchedGame,
  LICHESS_STATUSES,
  statusFromLichess,
  type ExpectedGame,
} from '../../src/modules/lichess/index.ts';
import type { LichessEmulator } from '../support/lichess-emulator/emulator.ts';
import { setup } from './support.ts';

let emu: LichessEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

describe('Lichess results', () => {
  /** Bobby (White) and Mary (Black) on the emulator, in a casual game of `limitSec` without increment. */
  async function bobbyAgainstMary(limitSec: number) {
    const s = await setup();
    emu = s.emu;
    emu.addUser('Bobby');
    emu.addUser('Mary');
    const white = emu.issueToken('Bobby');
    const black = emu.issueToken('Mary');
    const game = await createMatchedGame(
      s.client,
      { token: white },
      { token: black, username: 'Mary' },
      { limitSec, incrementSec: 0 },
    );
    return { s, white, black, gameId: game.gameId };
  }

  it('maps every Lichess status name onto a domain status', () => {
    for (const s of LICHESS_STATUSES) expect(GAME_STATUSES).toContain(statusFromLichess(s));
    expect(statusFromLichess('noStart')).toBe('nostart');
    expect(statusFromLichess('unknownFinish')).toBe('unknownfinish');
    expect(statusFromLichess('insufficientMaterialClaim')).toBe('draw');
    expect(statusFromLichess('created')).toBe('started');
    expect(statusFromLichess('somethingNew')).toBe('unknownfinish');
  });

  it('settles only what the export confirms: players, clock, casual, and the reported result', async () => {
    const { s, white, black, gameId } = await bobbyAgainstMary(180);
    const expected: ExpectedGame = {
      whiteId: 'bobby',
      blackId: 'mary',
      clock: { limitSec: 180, incrementSec: 0 },
      rated: false,
    };
    await s.client.move(white, gameId, 'e2e4');
    expect(confirmResult(await s.client.exportGame(gameId), expected)).toEqual({ ok: false, reason: 'unfinished' });
    // Black moves first: resigning before both sides moved is an abort on Lichess.
    await s.client.move(black, gameId, 'e7e5');
    await s.client.resign(black, gameId);
    const exported = await s.client.exportGame(gameId);
    expect(confirmResult(exported, expected, { status: 'resign', winner: 'white' })).toEqual({
      ok: true,
      status: 'resign',
      winner: 'white',
    });
    expect(confirmResult(exported, expected, { status: 'resign', winner: 'black' })).toEqual({
      ok: false,
      reason: 'contradicted',
    });
    expect(confirmResult(exported, { ...expected, whiteId: 'mary', blackId: 'bobby' })).toMatchObject({
      reason: 'players',
    });
    expect(confirmResult(exported, { ...expected, clock: { limitSec: 300, incrementSec: 0 } })).toMatchObject({
      reason: 'clock',
    });
    expect(confirmResult(exported, { ...expected, rated: true })).toMatchObject({ reason: 'rated' });
    // An export that says otherwise than the stream (the emulator's fault switch) is not paid.
    s.emu.overrideExport(gameId, { winner: 'black' });
    expect(
      confirmResult(await s.client.exportGame(gameId), expected, { status: 'resign', winner: 'white' }),
    ).toMatchObject({
      ok: false,
      reason: 'contradicted',
    });
  });

  it('an aborted game confirms as aborted, with no winner', async () => {
    const { s, black, gameId } = await bobbyAgainstMary(600);
    await s.client.abort(black, gameId);
    const expected: ExpectedGame = {
      whiteId: 'bobby',
      blackId: 'mary',
      clock: { limitSec: 600, incrementSec: 0 },
      rated: false,
    };
    expect(confirmResult(await s.client.exportGame(gameId), expected, { status: 'aborted' })).toEqual({
      ok: true,
      status: 'aborted',
      winner: null,
    });
  });
});
