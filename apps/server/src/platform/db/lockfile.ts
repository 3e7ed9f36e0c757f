import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite does not lock its folder, and two processes on one folder silently lose writes. We take
 * an exclusive lockfile naming this process by (boot id, pid, start time). A pid alone is not a
 * process: after a crash, a container restart gives the new server the same pid (often 1), and
 * after a reboot any pid may belong to some other live process. So a lock is stale unless the
 * process it names is still running, which needs all three to match; where /proc is missing
 * (not Linux) only the pid is known, and a live pid other than ours is taken as the holder.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(`The data folder ${dir} is in use by another process (pid ${pid}). Stop it first, or set DATA_DIR.`);
  }
}

/** Who holds a lock; bootId and startTime are null where the system does not tell them. */
export interface LockOwner {
  pid: number;
  bootId: string | null;
  startTime: string | null;
}

/** Where to read the facts about processes; tests point it at a fake /proc. */
export interface ProcessFacts {
  bootId(): string | null;
  /** Start time of a process (clock ticks since boot), or null if unknown or not running. */
  startTime(pid: number): string | null;
  alive(pid: number): boolean;
  selfPid: number;
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count after ')'. */
export function startTimeFromStat(stat: string): string | null {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const value = fields[22 - 3];
  return value && /^\d+$/.test(value) ? value : null;
}

export function procFacts(procRoot = '/proc'): ProcessFacts {
  return {
    bootId: () => readOrNull(path.join(procRoot, 'sys/kernel/random/boot_id'))?.trim() || null,
    startTime: (pid) => {
      const stat = readOrNull(path.join(procRoot, String(pid), 'stat'));
      return stat === null ? null : startTimeFromStat(stat);
    },
    alive: (pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch (e) {
        return (e as NodeJS.ErrnoException).code === 'EPERM';
      }
    },
    selfPid: process.pid,
  };
}

function ownerOf(facts: ProcessFacts): LockOwner {
  return { pid: facts.selfPid, bootId: facts.bootId(), startTime: facts.startTime(facts.selfPid) };
}

/** The lock's contents: JSON; a bare pid is the format of earlier versions. */
function parseOwner(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), bootId: null, startTime: null };
  try {
    const v = JSON.parse(trimmed) as Partial<LockOwner>;
    if (typeof v.pid !== 'number' || !Number.isInteger(v.pid)) return null;
    return {
      pid: v.pid,
      bootId: typeof v.bootId === 'string' ? v.bootId : null,
      startTime: typeof v.startTime === 'string' ? v.startTime : null,
    };
  } catch {
    return null;
  }
}

/**
 * Does the process a lock names still run? Unknown fields (an old lock, or no /proc) are not held
 * against it, except that a lock naming our own pid without our start time cannot be ours: we
 * have not taken it (a lock we hold always carries our stamp when /proc exists).
 */
export function holderRuns(owner: LockOwner, facts: ProcessFacts): boolean {
  const bootId = facts.bootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return false; // written before a reboot
  const ourStart = facts.startTime(facts.selfPid);
  if (owner.pid === facts.selfPid) {
    // Ours only if it carries our start time; without /proc we cannot tell, so it is ours.
    return ourStart === null ? owner.startTime === null : owner.startTime === ourStart;
  }
  if (!facts.alive(owner.pid)) return false;
  if (owner.startTime === null) return true;
  const start = facts.startTime(owner.pid);
  return start === null || start === owner.startTime; // a different start time: the pid was reused
}

export function acquireDirLock(dir: string, facts: ProcessFacts = procFacts()): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, '.lock');
  const stamp = JSON.stringify(ownerOf(facts));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Written aside and linked into place (link fails if the lock exists), so a lock file is
      // never seen half-written by a racing starter.
      const tmp = `${file}.${facts.selfPid}.${process.hrtime.bigint()}`;
      fs.writeFileSync(tmp, stamp);
      try {
        fs.linkSync(tmp, file);
      } finally {
        fs.rmSync(tmp, { force: true });
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(file, 'utf8') === stamp) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const text = readOrNull(file);
      if (text === null) continue; // released between our open and our read
      const owner = parseOwner(text);
      // A garbled lock (an old version's crash between create and write) names nobody: stale.
      if (owner && holderRuns(owner, facts)) throw new DataDirLockedError(dir, owner.pid);
      // Remove it only if it is still the stale lock we judged, not one a racing starter just took.
      if (readOrNull(file) === text) fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
