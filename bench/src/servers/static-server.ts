import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { announceReady, exitWithParent } from '../support/child-protocol.ts';

/**
 * The floor of the web-vitals benchmark: the same built app from a plain static file server (the
 * build's brotli or gzip copy as the client accepts, hashed assets immutable, the shell
 * `no-cache`, any other path the shell), with the API and the socket passed through to the real
 * server (`UPSTREAM`) so the pages work alike. What separates the two figures is how our server
 * delivers the files.
 */
const root = path.resolve(process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../../apps/web/dist'));
const upstream = new URL(process.env.UPSTREAM ?? 'http://127.0.0.1:3000');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

function fileFor(urlPath: string): string {
  const candidate = path.join(root, decodeURIComponent(urlPath));
  if (candidate.startsWith(root + path.sep) && fs.existsSync(candidate) && fs.statSync(candidate).isFile())
    return candidate;
  return path.join(root, 'index.html');
}

function serveFile(req: http.IncomingMessage, res: http.ServerResponse): void {
  const file = fileFor(new URL(req.url ?? '/', 'http://x').pathname);
  const accepts = String(req.headers['accept-encoding'] ?? '');
  const encoding =
    accepts.includes('br') && fs.existsSync(`${file}.br`)
      ? 'br'
      : accepts.includes('gzip') && fs.existsSync(`${file}.gz`)
        ? 'gzip'
        : null;
  const sent = encoding === 'br' ? `${file}.br` : encoding === 'gzip' ? `${file}.gz` : file;
  const relative = path.relative(root, file);
  res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
  res.setHeader('vary', 'accept-encoding');
  res.setHeader('cache-control', relative.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache');
  if (encoding) res.setHeader('content-encoding', encoding);
  res.setHeader('content-length', fs.statSync(sent).size);
  fs.createReadStream(sent).pipe(res);
}

/** The server accepts changes and sockets only from its own origin: present the request as from it. */
function upstreamHeaders(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = { ...headers, host: upstream.host };
  if (headers.origin) out.origin = upstream.origin;
  return out;
}

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (!url.startsWith('/api/')) return serveFile(req, res);
  const proxied = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: url,
      headers: upstreamHeaders(req.headers),
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, up.headers);
      up.pipe(res);
    },
  );
  proxied.on('error', () => res.destroy());
  req.pipe(proxied);
});

// The realtime socket: the upgrade request is rewritten and replayed upstream, then bytes flow both ways.
server.on('upgrade', (req, socket, head) => {
  const up = net.connect(Number(upstream.port), upstream.hostname, () => {
    const headers = upstreamHeaders(req.headers);
    const lines = [`${req.method} ${req.url} HTTP/1.1`];
    for (const [name, value] of Object.entries(headers)) {
      for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) lines.push(`${name}: ${v}`);
    }
    up.write(lines.join('\r\n') + '\r\n\r\n');
    if (head.length > 0) up.write(head);
    socket.pipe(up).pipe(socket);
  });
  const close = () => {
    socket.destroy();
    up.destroy();
  };
  up.on('error', close);
  socket.on('error', close);
});

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as net.AddressInfo;
  announceReady({ url: `http://127.0.0.1:${port}`, baseUrl: `http://127.0.0.1:${port}` });
});
exitWithParent(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);
