import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const server = 'http://127.0.0.1:3000';

/**
 * The server accepts changes and sockets only from its own origin (CSRF and socket Origin
 * checks). Behind this dev proxy the page's origin is Vite's, so a request coming from a page
 * of this very dev server is presented to the server as from the server's origin.
 */
const asServerOrigin: ProxyOptions['configure'] = (proxy) => {
  const rewrite = (proxyReq: { setHeader(name: string, value: string): void }, headers: Record<string, unknown>) => {
    const origin = headers.origin;
    if (typeof origin === 'string' && URL.canParse(origin) && new URL(origin).host === headers.host) {
      proxyReq.setHeader('origin', server);
    }
  };
  proxy.on('proxyReq', (proxyReq, req) => rewrite(proxyReq, req.headers));
  proxy.on('proxyReqWs', (proxyReq, req) => rewrite(proxyReq, req.headers));
};

/**
 * The SPA. The production build runs under the server's CSP (script-src 'self', no eval, inline
 * styles allowed, images from self/data/blob): Vite emits only external module scripts, and no
 * code here evaluates strings. In dev, /api and /ws go to the server on port 3000.
 */
// Run from apps/web (npm run build -w @rush/web): root and outDir are relative to it.
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Small assets may be inlined as data: URIs; the CSP allows data: for images and fonts.
    assetsInlineLimit: 4096,
    chunkSizeWarningLimit: 400,
    // The bundle budget test (apps/web/build/budget.test.ts) reads what each page loads from here.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The rules engine and the board's pieces only where a board is played or replayed:
            // left to the default splitting, they joined the chunk every page shares (the landing
            // paid for them). Apart from each other: the game screen draws the board first and
            // loads the rules after (features/play/useChessRules.ts).
            { name: 'chess', test: /node_modules[\\/]chess\.js[\\/]/, priority: 30 },
            {
              name: 'pieces',
              test: /node_modules[\\/]react-chessboard[\\/]/,
              // Only the library: React, which it needs, stays where every page gets it.
              includeDependenciesRecursively: false,
              priority: 30,
            },
            // What every page runs, in two files instead of twenty: brotli compresses one file
            // better than many small ones (about 6% of the first load), and the libraries change
            // less often than our code, so a deploy of ours leaves their cached file valid.
            { name: 'vendor', tags: ['$initial'], test: /node_modules[\\/]/, priority: 20 },
            { name: 'app', tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: false,
    proxy: {
      '/api': { target: server, configure: asServerOrigin },
      '/ws': { target: server, ws: true, configure: asServerOrigin },
    },
  },
  preview: {
    proxy: {
      '/api': { target: server, configure: asServerOrigin },
      '/ws': { target: server, ws: true, configure: asServerOrigin },
    },
  },
});
