import { WebSocketServer, type WebSocket } from 'ws';
import { announceReady, exitWithParent } from '../support/child-protocol.ts';

/**
 * The fan-out baseline: a bare `ws` server that sends every text frame it receives to every
 * OTHER connected client (the same serialized frame), in its own process like the real server.
 */
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
const clients = new Set<WebSocket>();
wss.on('connection', (ws) => {
  clients.add(ws);
  ws.on('error', () => ws.terminate());
  ws.on('close', () => clients.delete(ws));
  ws.on('message', (data, isBinary) => {
    for (const c of clients) if (c !== ws) c.send(data, { binary: isBinary });
  });
});
wss.on('listening', () => {
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  announceReady({ url: `ws://127.0.0.1:${port}/` });
});
exitWithParent(() => new Promise<void>((resolve) => wss.close(() => resolve())));
