/**
 * The two halves of the parent/child contract of benchmark servers: the child says where it
 * listens over IPC, and leaves when the parent says so or disappears (no orphan servers).
 */
export interface ReadyMessage {
  ready: true;
  url: string;
  baseUrl?: string;
}

export function announceReady(info: { url: string; baseUrl?: string }): void {
  const message: ReadyMessage = { ready: true, ...info };
  process.send?.(message);
}

export function exitWithParent(stop: () => Promise<void>): void {
  let stopping = false;
  const leave = () => {
    if (stopping) return;
    stopping = true;
    // A stop that hangs must not keep the child alive: the run has to end by itself.
    setTimeout(() => process.exit(1), 5_000).unref();
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('disconnect', leave);
  process.on('SIGTERM', leave);
}
