import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { BOT_ROUTES, type BotGameView } from '@rush/protocol';
import { botGames } from '../../src/modules/bots/schema.ts';
import { Player } from '../play/support.ts';
import type { TestServer } from '../support/server.ts';
import { grantRc } from '../matchmaking/support.ts';
import { standInExecutable } from '../engine/stand-in.ts';

const FAKE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../engine/fake-uci.ts');

/**
 * The scripted games: the human as White mates with Scholar's mate; the bot as White plays
 * 1.f3 2.g4 and the human as Black mates (Fool's mate). Each line
 * is the whole game from the start; the stand-in engine answers the next move of the matching line.
 */
export const HUMAN_WHITE_MATES = ['e2e4', 'e7e5', 'f1c4', 'b8c6', 'd1h5', 'g8f6', 'h5f7'];
export const HUMAN_BLACK_MATES = ['f2f3', 'e7e5', 'g2g4', 'd8h4'];

/**
 * A STOCKFISH_PATH for the stand-in UCI engine (test/engine/fake-uci.ts), as an operator would
 * name a native binary: an executable that speaks UCI.
 */
export function fakeEngine(
  mode: 'script' | 'script-crash-once' | 'hang',
  // The bot-as-White line first: from the initial position the stand-in must play 1.f3.
  lines: readonly (readonly string[])[] = [HUMAN_BLACK_MATES, HUMAN_WHITE_MATES],
): string {
  return standInExecutable(FAKE, (dir) => {
    const script = path.join(dir, 'lines.json');
    fs.writeFileSync(script, JSON.stringify(lines));
    return [mode, path.join(dir, 'crashed'), script];
  });
}

export const engineEnv = (
  mode: Parameters<typeof fakeEngine>[0],
  extra: Record<string, string> = {},
  lines?: Parameters<typeof fakeEngine>[1],
) => ({
  STOCKFISH_PATH: fakeEngine(mode, lines),
  ENGINE_POOL_SIZE: '1',
  ENGINE_QUEUE_MAX: '4',
  ...extra,
});

export async function fundedPlayer(server: TestServer, rc: bigint): Promise<Player> {
  const p = await Player.join(server);
  await grantRc(server, p.uid, rc);
  return p;
}

export async function startBot(p: Player, body: Record<string, unknown>) {
  return p.http.post(BOT_ROUTES.start, body);
}

export async function startedBot(p: Player, level = 'low', bet = 50): Promise<{ view: BotGameView; white: boolean }> {
  const res = await startBot(p, { gameType: 'bot_000001', c: 'wbx', bet, level });
  if (res.status !== 200) throw new Error(`start ${res.status} ${JSON.stringify(res.body)}`);
  const view = res.body as BotGameView;
  await p.watch(view.gameId);
  const game = await p.view(view.gameId);
  return { view, white: game.white.uid === p.uid };
}

export async function botRow(server: TestServer, gameId: string) {
  const [row] = await server.ctx.db.select().from(botGames).where(eq(botGames.gameId, gameId));
  return row!;
}

/**
 * Plays the human's side of `line` from the current position: each human move, then waits for
 * the bot's scripted answer on the game topic (the realtime event every client gets).
 */
export async function playLine(
  p: Player,
  gameId: string,
  white: boolean,
  line: readonly string[],
  until = line.length,
) {
  for (let ply = 1; ply <= until; ply++) {
    const humansPly = white ? ply % 2 === 1 : ply % 2 === 0;
    if (humansPly) {
      const ack = await p.cmd('game.move', { gameId, ply, uci: line[ply - 1] });
      if (!ack.ok) throw new Error(`move ${ply} refused: ${JSON.stringify(ack.error)}`);
    } else {
      await botMoved(p, gameId, ply, line[ply - 1]!);
    }
  }
}

/**
 * Waits for the bot's move at `ply`: its `game.moved` event, or (a first move may be published
 * before the test's subscription) the game as the server has it.
 */
export async function botMoved(p: Player, gameId: string, ply: number, uci: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await p.got('game.moved', (d: { gameId: string; ply: number }) => d.gameId === gameId && d.ply === ply)) break;
    const view = await p.view(gameId);
    if (view.ply >= ply) break;
    if (Date.now() > deadline) throw new Error(`the bot did not play ply ${ply}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const view = await p.view(gameId);
  if (view.moves[ply - 1] !== uci) throw new Error(`the bot played ${view.moves[ply - 1]} at ply ${ply}, not ${uci}`);
}
