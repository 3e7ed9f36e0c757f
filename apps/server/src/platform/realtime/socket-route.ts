import type { FastifyBaseLogger, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import websocket from '@fastify/websocket';
import { TEXTS } from '@rush/domain';
import { MAX_FRAME_BYTES, REALTIME_PATH } from '@rush/protocol';
import { sendError } from '../http/error-handler.ts';
import type { Identity, Transport } from './connection.ts';
import type { SocketAuthenticator } from './types.ts';
import { visitorKey } from './visitor-key.ts';

export interface SocketRouteOptions {
  appOrigin: string;
  authenticate: SocketAuthenticator;
  isClosing(): boolean;
  /** `transport`: the upgraded TCP socket the WebSocket writes to (SocketConnection batches on it). */
  accept(ws: WebSocket, identity: Identity, transport?: Transport): void;
  log: FastifyBaseLogger;
}

/**
 * GET /ws. Everything that can refuse a socket runs in preValidation, before the upgrade, so a
 * refused client gets a plain HTTP status (403, 503) and no socket is ever opened for it.
 *
 * Origin: a browser always sends it on a WebSocket handshake and, unlike fetch, the handshake
 * is not subject to CORS, so without this check any site could open a socket with our user's
 * cookie (cross-site WebSocket hijacking). A missing Origin is refused too: every client we
 * serve is a browser or a test that says where it comes from.
 */
export function socketRoute(opts: SocketRouteOptions): FastifyPluginAsync {
  return async (app) => {
    // Frames over MAX_FRAME_BYTES are refused by ws itself (close 1009) before any parsing.
    // A socket's errors are the client's doing (a frame too big, bad UTF-8, a reset): the hub
    // logs them at debug and counts them. The plugin's default handler would log each one at
    // error level, a log flood any client can cause; here the socket is only dropped.
    await app.register(websocket, {
      options: { maxPayload: MAX_FRAME_BYTES },
      errorHandler: (_err, socket) => socket.terminate(),
    });
    const identities = new WeakMap<FastifyRequest, Identity>();

    app.get(
      REALTIME_PATH,
      {
        websocket: true,
        preValidation: async (request, reply) => {
          if (!request.ws) return; // plain HTTP GET: @fastify/websocket answers 404
          if (opts.isClosing()) return sendError(reply, 503, 'UNAVAILABLE', TEXTS.internal);
          if (request.headers.origin !== opts.appOrigin) return sendError(reply, 403, 'FORBIDDEN', TEXTS.forbidden);
          let session: Awaited<ReturnType<SocketAuthenticator>>;
          try {
            session = await opts.authenticate(request.headers.cookie);
          } catch (err) {
            // The client retries with backoff; an anonymous socket would wrongly sign the page out.
            opts.log.error({ err }, 'socket authentication failed');
            return sendError(reply, 503, 'UNAVAILABLE', TEXTS.internal);
          }
          identities.set(request, {
            userId: session?.userId ?? null,
            sessionPublicId: session?.sessionPublicId ?? null,
            ...(session?.standing !== undefined ? { standing: session.standing } : {}),
            visitorKey: visitorKey(request.ip, request.headers['user-agent'], request.headers['accept-language']),
          });
        },
      },
      (socket, request) => {
        const identity = identities.get(request);
        identities.delete(request);
        if (!identity) {
          socket.terminate(); // unreachable: preValidation ran for every upgrade
          return;
        }
        try {
          opts.accept(socket, identity, request.raw.socket);
        } catch (err) {
          // Our fault, not the client's: logged as such (the plugin's handler only sees socket errors).
          opts.log.error({ err }, 'realtime socket not accepted');
          socket.terminate();
        }
      },
    );
  };
}
