/**
 * Issue 35: the server process's CPU time per move, so a change's cost shows whatever else the
 * machine is doing (latency and lag move with the load; CPU time per unit of work hardly does).
 */

/** process.cpuUsage() (µs) as milliseconds of CPU, user and system together. */
export function cpuMs(usage: { user: number; system: number }): number {
  return (usage.user + usage.system) / 1_000;
}

/**
 * CPU ms per move over a window, from the process's CPU time at its start and end and the moves
 * made in it; 0 when no move was made (a window without work has no cost per move).
 */
export function cpuPerMove(startCpuMs: number, endCpuMs: number, moves: number): number {
  if (endCpuMs < startCpuMs) throw new Error(`CPU time went back: ${startCpuMs} ms -> ${endCpuMs} ms`);
  return moves > 0 ? (endCpuMs - startCpuMs) / moves : 0;
}
