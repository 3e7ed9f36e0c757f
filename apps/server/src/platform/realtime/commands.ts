import type { z } from 'zod';
import { ZodError } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { containsForbiddenControl, TEXTS } from '@rush/domain';
import type { ServerMessage } from '@rush/protocol';
import { AppError } from '../errors.ts';
import { isConnectionLoss } from '../db/sql-errors.ts';
import type { SocketRateClass } from './socket-rates.ts';
import type { CommandHandler } from './types.ts';
import type { SocketConnection } from './connection.ts';

/** Runs before every command's handler; throws an AppError to refuse it (the hub's StandingKeeper). */
type CommandGuard = (conn: SocketConnection) => Promise<void>;

type Ack = Extract<ServerMessage, { t: 'ack' }>;

export interface CommandOutcome {
  /** The ack, serialized once (fan-out style): the frame the socket sends. */
  frame: string;
  /** The client named a command that does not exist: counted as a bad message. */
  unknown: boolean;
}

const failure = (id: number, code: string, message: string): string =>
  JSON.stringify({ t: 'ack', id, ok: false, error: { code, message } } satisfies Ack);

/**
 * Socket commands (ARCHITECTURE 8: parsed at the edge with their schema). Errors become acks
 * with the same stable codes and texts as HTTP errors; anything unexpected is logged and
 * answered with the generic text, never with its details.
 */
export class CommandRegistry {
  private readonly handlers = new Map<string, CommandHandler>();
  private guard: CommandGuard | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  names(): string[] {
    return [...this.handlers.keys()];
  }

  /** The one check every command passes before its handler (the account's standing). */
  setGuard(guard: CommandGuard): void {
    if (this.guard) throw new Error('realtime command guard is already set');
    this.guard = guard;
  }

  /** The rate class a command counts in; an unknown name counts as `strict` (it is also a bad message). */
  rateClassOf(name: string): SocketRateClass {
    return this.handlers.get(name)?.rate ?? 'strict';
  }

  register<S extends z.ZodType>(name: string, handler: CommandHandler<S>): void {
    if (this.handlers.has(name)) throw new Error(`realtime command "${name}" is already registered`);
    this.handlers.set(name, handler);
  }

  async run(conn: SocketConnection, id: number, name: string, payload: unknown): Promise<CommandOutcome> {
    const handler = this.handlers.get(name);
    if (!handler) return { frame: failure(id, 'NOT_FOUND', TEXTS.notFound), unknown: true };
    // The same control-character rule as the HTTP edge, once for every command.
    if (containsForbiddenControl(payload))
      return { frame: failure(id, 'VALIDATION', TEXTS.controlCharacters), unknown: false };
    const parsed = handler.schema.safeParse(payload);
    if (!parsed.success) return { frame: failure(id, 'VALIDATION', TEXTS.badRequest), unknown: false };
    try {
      await this.guard?.(conn);
      const result: unknown = await handler.handle(conn, parsed.data);
      return {
        frame: withResult(id, result, (err) =>
          this.log.error({ err, command: name }, 'command result not serializable'),
        ),
        unknown: false,
      };
    } catch (err) {
      if (err instanceof AppError) return { frame: failure(id, err.code, err.message), unknown: false };
      if (err instanceof ZodError) return { frame: failure(id, 'VALIDATION', TEXTS.badRequest), unknown: false };
      if (isConnectionLoss(err)) {
        this.log.warn({ err, command: name, connId: conn.id }, 'database connection lost during a command');
        return { frame: failure(id, 'UNAVAILABLE', TEXTS.serviceBusy), unknown: false };
      }
      this.log.error({ err, command: name, connId: conn.id }, 'realtime command failed');
      return { frame: failure(id, 'INTERNAL', TEXTS.internal), unknown: false };
    }
  }
}

/** A result JSON cannot carry (bigint, cycle) is a server bug: the client gets INTERNAL, not a dead ack. */
function withResult(id: number, result: unknown, onError: (err: unknown) => void): string {
  const ack: Ack = result === undefined ? { t: 'ack', id, ok: true } : { t: 'ack', id, ok: true, result };
  try {
    return JSON.stringify(ack);
  } catch (err) {
    onError(err);
    return failure(id, 'INTERNAL', TEXTS.internal);
  }
}
