import { WebSocketServer } from 'ws';
import { announceReady, exitWithParent } from '../support/child-protocol.ts';

/**
 * The baseline: a bare `ws` server echoing every text frame, in its own process like the hub
 * server, so both measurements cross the same process boundary and loopback.
 */
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
wss.on('connection', (ws) => {
  ws.on('error', () => ws.terminate());
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
});
wss.on('listening', () => {
  const address = wss.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  announceReady({ url: `ws://127.0.0.1:${port}/` });
});
exitWithParent(() => new Promise<void>((resolve) => wss.close(() => resolve())));
