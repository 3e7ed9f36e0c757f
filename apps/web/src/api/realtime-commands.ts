import { TEXTS } from '@rush/domain';
import type { ClientMessage, ServerMessage } from '@rush/protocol';

/** A command the server refused (its ack carried `ok: false`), or one that never got an answer. */
export class CommandError extends Error {
  readonly code: string;
  /** RATE_LIMITED: the seconds to wait (the ack's retryAfter, the API's Retry-After); the message names it too. */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: string, message: string, retryAfterSeconds?: number) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The user-facing text of a failed command (the server's text, or ours when none came). */
export function commandErrorText(error: unknown): string {
  if (error instanceof CommandError) return error.message;
  return TEXTS.internal;
}

/** Codes of failures decided here, not by the server. */
export const COMMAND_TIMEOUT = 'TIMEOUT';
export const COMMAND_DISCONNECTED = 'UNAVAILABLE';
/** Text for a command that got no answer (ours). */
export const COMMAND_NO_ANSWER_TEXT = 'The server did not answer. Please check your connection and try again.';

export interface CommandOptions {
  /** Give up (reject with TIMEOUT) after this long, wherever the command is. Default 10 s. */
  timeoutMs?: number;
  /**
   * The server applies this command at most once however often it arrives (a move carries its
   * ply): when the socket drops before the ack, it is sent again on the next connection.
   * Otherwise a command already on the wire when the socket drops is rejected (it may or may
   * not have been applied); one not yet sent still waits for the connection.
   */
  resendSafe?: boolean;
}

interface PendingCommand {
  id: number;
  name: string;
  payload: unknown;
  resendSafe: boolean;
  /** Sent on the current connection. */
  sent: boolean;
  resolve(result: unknown): void;
  reject(error: CommandError): void;
  timer: ReturnType<typeof setTimeout>;
}

type Ack = Extract<ServerMessage, { t: 'ack' }>;

/**
 * The realtime client's commands in flight: each waits for its ack (or its timeout), is sent when
 * the connection is ready, and when the connection drops is sent again (resendSafe) or failed.
 */
export class CommandQueue {
  private commandId = 0;
  private readonly pending = new Map<number, PendingCommand>();

  constructor(private readonly send: (msg: ClientMessage) => void) {}

  add<T>(
    name: string,
    payload: unknown,
    options: CommandOptions,
    link: { running: boolean; ready: boolean },
  ): Promise<T> {
    const { timeoutMs = 10_000, resendSafe = false } = options;
    this.commandId += 1;
    const id = this.commandId;
    return new Promise<T>((resolve, reject) => {
      const entry: PendingCommand = {
        id,
        name,
        payload,
        resendSafe,
        sent: false,
        resolve: (result) => resolve(result as T),
        reject,
        timer: setTimeout(() => {
          if (!this.pending.delete(id)) return;
          reject(new CommandError(COMMAND_TIMEOUT, COMMAND_NO_ANSWER_TEXT));
        }, timeoutMs),
      };
      this.pending.set(id, entry);
      if (!link.running) {
        this.settle(id, new CommandError(COMMAND_DISCONNECTED, COMMAND_NO_ANSWER_TEXT));
        return;
      }
      if (link.ready) this.sendCommand(entry);
    });
  }

  /** The server's answer to a command. */
  acked(msg: Ack): void {
    if (msg.ok) this.settle(msg.id, null, msg.result);
    else
      this.settle(
        msg.id,
        new CommandError(
          msg.error?.code ?? 'INTERNAL',
          msg.error?.message ?? COMMAND_NO_ANSWER_TEXT,
          msg.error?.retryAfter,
        ),
      );
  }

  /** A new connection is ready: every command not yet on it goes. */
  sendUnsent(): void {
    for (const entry of [...this.pending.values()]) if (!entry.sent) this.sendCommand(entry);
  }

  /** The client stopped: nobody will answer. */
  failAll(): void {
    this.failPending(() => true);
  }

  private sendCommand(entry: PendingCommand): void {
    entry.sent = true;
    this.send({ t: 'cmd', id: entry.id, name: entry.name, payload: entry.payload });
  }

  private settle(id: number, error: CommandError | null, result?: unknown): void {
    const entry = this.pending.get(id);
    if (!entry) return; // timed out already, or an ack of an earlier connection
    this.pending.delete(id);
    clearTimeout(entry.timer);
    if (error) entry.reject(error);
    else entry.resolve(result);
  }

  private failPending(which: (entry: PendingCommand) => boolean): void {
    for (const entry of [...this.pending.values()]) {
      if (which(entry)) this.settle(entry.id, new CommandError(COMMAND_DISCONNECTED, COMMAND_NO_ANSWER_TEXT));
    }
  }

  /**
   * The connection is gone: commands on the wire that are safe to resend go again on the next
   * one; the others may or may not have been applied, so their callers are told and decide.
   */
  dropInFlight(): void {
    this.failPending((entry) => entry.sent && !entry.resendSafe);
    for (const entry of this.pending.values()) entry.sent = false;
  }
}
