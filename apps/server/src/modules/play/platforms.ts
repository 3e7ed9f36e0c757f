import type { Db } from '../../platform/db/database.ts';
import type { BuiltinMoveOutcome, BuiltinPlatform } from './builtin-platform.ts';
import { GameStore } from './games.store.ts';
import type {
  ChessPlatform,
  CreateGameInput,
  MoveInput,
  OfferAnswer,
  PlatformGameFull,
  PlatformId,
  PlatformStreamEvent,
} from './platform-port.ts';

/**
 * A platform whose games play mirrors into its rows, so a move's outcome carries the row like a
 * built-in move's: Lichess's adapter (modules/lichess), built by the composition root.
 */
export interface MirroredPlatform extends ChessPlatform {
  move(gameId: string, actorUid: string, move: MoveInput): Promise<BuiltinMoveOutcome>;
}

/** Game ids whose platform is remembered (a game never changes platform). */
const REMEMBERED = 10_000;

/**
 * The chess platform as the rest of the server sees it: new games go to the configured one
 * (CHESS_PLATFORM), a command goes to the platform its game lives on (`games.platform`). With
 * Lichess off nothing is looked up: every game is built-in.
 */
export class GamePlatforms implements ChessPlatform {
  private readonly hostOf = new Map<string, PlatformId>();

  constructor(
    private readonly db: Db,
    private readonly builtin: BuiltinPlatform,
    private readonly lichess: MirroredPlatform | null,
  ) {}

  get id(): PlatformId {
    return this.lichess ? 'lichess' : 'builtin';
  }

  createGame(input: CreateGameInput): Promise<{ gameId: string }> {
    return (this.lichess ?? this.builtin).createGame(input);
  }

  async gameFull(gameId: string): Promise<PlatformGameFull | null> {
    return this.builtin.gameFull(gameId);
  }

  async move(gameId: string, actorUid: string, move: MoveInput): Promise<BuiltinMoveOutcome> {
    return (await this.of(gameId)).move(gameId, actorUid, move);
  }

  async resign(gameId: string, actorUid: string): Promise<void> {
    return (await this.of(gameId)).resign(gameId, actorUid);
  }

  async abort(gameId: string, actorUid: string): Promise<void> {
    return (await this.of(gameId)).abort(gameId, actorUid);
  }

  async draw(gameId: string, actorUid: string, answer: OfferAnswer): Promise<void> {
    return (await this.of(gameId)).draw(gameId, actorUid, answer);
  }

  async takeback(gameId: string, actorUid: string, answer: OfferAnswer): Promise<void> {
    return (await this.of(gameId)).takeback(gameId, actorUid, answer);
  }

  async claimVictory(gameId: string, actorUid: string): Promise<void> {
    return (await this.of(gameId)).claimVictory(gameId, actorUid);
  }

  async chat(gameId: string, actorUid: string, room: 'player' | 'spectator', text: string): Promise<void> {
    return (await this.of(gameId)).chat(gameId, actorUid, room, text);
  }

  stream(gameId: string, listener: (event: PlatformStreamEvent) => void): Promise<() => void> {
    return this.builtin.stream(gameId, listener);
  }

  private async of(gameId: string): Promise<BuiltinPlatform | MirroredPlatform> {
    if (!this.lichess) return this.builtin;
    let host = this.hostOf.get(gameId);
    if (!host) {
      const g = await new GameStore(this.db).find(gameId);
      // An unknown game: the built-in platform gives the usual "not found".
      if (!g) return this.builtin;
      host = g.platform;
      if (this.hostOf.size >= REMEMBERED) this.hostOf.clear();
      this.hostOf.set(gameId, host);
    }
    return host === 'lichess' ? this.lichess : this.builtin;
  }
}
