import { startMailCapture } from './mail-capture.ts';
import { E2E } from './ports.ts';

/** The cluster stage's one outside service: the mail capture its instances send to. */
export default async function clusterGlobalSetup(): Promise<() => Promise<void>> {
  return startMailCapture(E2E.smtpPort, E2E.mailApiPort);
}
