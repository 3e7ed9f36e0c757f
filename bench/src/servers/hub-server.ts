import { REALTIME_PATH } from '@rush/protocol';
import { startTestServer } from '../../../apps/server/test/support/server.ts';
import { announceReady, exitWithParent } from '../support/child-protocol.ts';

/**
 * The measured target: the REAL server (HTTP, accounts, realtime hub, in-process bus) on a fresh
 * PGlite database, started as the server tests start it, in its own process.
 */
const server = await startTestServer();
announceReady({
  baseUrl: server.baseUrl,
  url: server.baseUrl.replace(/^http/, 'ws') + REALTIME_PATH,
});
exitWithParent(() => server.stop());
