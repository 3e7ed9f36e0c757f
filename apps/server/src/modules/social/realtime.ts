import { TEXTS } from '@rush/domain';
import { SOCIAL_COMMANDS } from '@rush/protocol';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { RealtimeHub } from '../../platform/realtime/types.ts';
import type { MessagesService } from './messages.service.ts';

/** More than one typing signal per socket within this is dropped (the client sends one a second). */
export const TYPING_MIN_GAP_MS = 500;

/**
 * The socket command `message.typing` {to}: relayed as `message.typing` {from} on the friend's
 * user topic, never stored. The throttle is per socket and per instance: it only has to stop a
 * client flooding its friend, and a socket lives on one instance.
 */
export function registerSocialRealtime(hub: RealtimeHub, d: { clock: Clock; messages: MessagesService }): void {
  const lastTyping = new Map<string, number>();
  hub.addListener({ onDisconnect: (conn) => void lastTyping.delete(conn.id) });
  hub.registerCommand('message.typing', {
    schema: SOCIAL_COMMANDS['message.typing'].payload,
    rate: 'signal',
    handle: async (conn, p) => {
      if (!conn.userId) throw new AppError('UNAUTHENTICATED', TEXTS.unauthenticated);
      const now = d.clock.now().getTime();
      const last = lastTyping.get(conn.id);
      if (last !== undefined && now - last < TYPING_MIN_GAP_MS) return { ok: true, dropped: true };
      lastTyping.set(conn.id, now);
      await d.messages.typing(conn.userId, p.to);
      return { ok: true };
    },
  });
}
