import path from 'node:path';
import { REALTIME_PATH } from '@rush/protocol';
import { startTestServer } from '../../../apps/server/test/support/server.ts';
import { announceReady, exitWithParent } from '../support/child-protocol.ts';

/**
 * The real server (HTTP with compression and caching, accounts, play, realtime hub, PGlite)
 * serving the built web app (`WEB_DIST`, default apps/web/dist), in its own process: what a
 * browser meets in production, for the web-vitals benchmark.
 */
const webDist = process.env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../../apps/web/dist');
const server = await startTestServer({ env: { WEB_DIST: webDist } });
announceReady({ baseUrl: server.baseUrl, url: server.baseUrl.replace(/^http/, 'ws') + REALTIME_PATH });
exitWithParent(() => server.stop());
