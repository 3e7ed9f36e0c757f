import fs from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

/** User + system CPU time of a process, in seconds, from the text of /proc/<pid>/stat. */
export function parseProcStat(stat: string): number {
  // The command (field 2) is in parentheses and may hold spaces: count fields after its ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state); utime and stime are fields 14 and 15.
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`not a /proc/<pid>/stat line: ${stat}`);
  return (utime + stime) / TICKS_PER_SECOND;
}

/** Busy and total CPU time of the whole machine (all cores, seconds) from the text of /proc/stat. */
export function parseMachineStat(stat: string): { busy: number; total: number } {
  const line = stat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) throw new Error('no aggregate cpu line in /proc/stat');
  // user nice system idle iowait irq softirq steal (guest times are already within user and nice).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy: busy / TICKS_PER_SECOND, total: (busy + idle! + iowait!) / TICKS_PER_SECOND };
}

/** The pids running now. */
function allPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number);
}

/** CPU seconds used so far by each of these pids (those gone are left out). */
export function cpuSecondsOf(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      out.set(pid, parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')));
    } catch {
      // Gone.
    }
  }
  return out;
}

export const machineCpu = () => parseMachineStat(fs.readFileSync('/proc/stat', 'utf8'));

/** A named set of processes, picked by pid and command line (read again at each snapshot). */
export interface ProcessGroup {
  name: string;
  match(pid: number, cmdline: string): boolean;
}

/**
 * The CPU each group of processes used over a window, in cores (CPU seconds over wall seconds),
 * plus the whole machine's. Processes that start within the window count from zero; those that
 * end within it are lost (short-lived ones are rare here: pools keep their connections).
 */
export class CpuWindow {
  private before = new Map<number, number>();
  private machineBefore = machineCpu();
  private startedAt = Date.now();

  constructor(private readonly groups: readonly ProcessGroup[]) {}

  private pidsByGroup(): Map<string, number[]> {
    const out = new Map<string, number[]>(this.groups.map((g) => [g.name, []]));
    const all = allPids();
    const cmdlines = new Map(all.map((pid) => [pid, readCmdline(pid)]));
    for (const g of this.groups)
      out.set(
        g.name,
        all.filter((pid) => g.match(pid, cmdlines.get(pid) ?? '')),
      );
    return out;
  }

  start(): void {
    this.before = cpuSecondsOf([...new Set([...this.pidsByGroup().values()].flat())]);
    this.machineBefore = machineCpu();
    this.startedAt = Date.now();
  }

  /**
   * Cores used by each group since `start`, and by the whole machine (`machine`), with how many
   * processes each group counted at the end (a group that matches nothing reads 0, not an error).
   */
  read(): { cores: Map<string, number>; processes: Map<string, number> } {
    const wall = (Date.now() - this.startedAt) / 1_000;
    const cores = new Map<string, number>();
    const processes = new Map<string, number>();
    for (const [name, pids] of this.pidsByGroup()) {
      const now = cpuSecondsOf(pids);
      let used = 0;
      for (const [pid, seconds] of now) used += seconds - (this.before.get(pid) ?? 0);
      cores.set(name, used / wall);
      processes.set(name, now.size);
    }
    const machine = machineCpu();
    cores.set('machine', (machine.busy - this.machineBefore.busy) / wall);
    return { cores, processes };
  }
}

function readCmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}
