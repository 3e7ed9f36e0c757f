import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError, procFacts, startTimeFromStat, type ProcessFacts } from './lockfile.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rush-lock-'));
const lockOf = (dir: string) => path.join(dir, '.lock');
const real = procFacts();
const hasProc = real.bootId() !== null && real.startTime(process.pid) !== null;
const writeLock = (dir: string, owner: object | string) =>
  fs.writeFileSync(lockOf(dir), typeof owner === 'string' ? owner : JSON.stringify(owner));

describe('PGlite data folder lock', () => {
  it('refuses a second holder while the first holds it, and frees it on release', () => {
    const dir = tmp();
    const release = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(lockOf(dir))).toBe(false);
    acquireDirLock(dir)();
  });

  it('stamps the lock with boot id, pid and start time', () => {
    const dir = tmp();
    const release = acquireDirLock(dir);
    const stamp = JSON.parse(fs.readFileSync(lockOf(dir), 'utf8'));
    expect(stamp).toEqual({ pid: process.pid, bootId: real.bootId(), startTime: real.startTime(process.pid) });
    release();
  });

  it('refuses when another live process holds it (old bare-pid lock too)', () => {
    const dir = tmp();
    // Our parent process: alive, and not us.
    writeLock(dir, { pid: process.ppid, bootId: real.bootId(), startTime: real.startTime(process.ppid) });
    expect(() => acquireDirLock(dir)).toThrow(/in use by another process/);
    writeLock(dir, String(process.ppid));
    expect(() => acquireDirLock(dir)).toThrow(/in use by another process/);
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = tmp();
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeLock(dir, child.stdout.toString());
    const release = acquireDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lockOf(dir), 'utf8')).pid).toBe(process.pid);
    release();
  });

  describe.runIf(hasProc)('after a crash (Linux /proc)', () => {
    it('takes over a lock naming our own pid left by an earlier life (container restart)', () => {
      const dir = tmp();
      writeLock(dir, String(process.pid)); // what the previous version, crashed as the same pid, left
      acquireDirLock(dir)();
      writeLock(dir, { pid: process.pid, bootId: real.bootId(), startTime: '1' });
      const release = acquireDirLock(dir);
      expect(JSON.parse(fs.readFileSync(lockOf(dir), 'utf8')).startTime).toBe(real.startTime(process.pid));
      release();
    });

    it('takes over a lock from before a reboot, even if its pid now names a live process', () => {
      const dir = tmp();
      writeLock(dir, { pid: process.ppid, bootId: 'another-boot', startTime: real.startTime(process.ppid) });
      acquireDirLock(dir)();
    });

    it('takes over a lock whose pid now names another process (a different start time)', () => {
      const dir = tmp();
      const start = real.startTime(process.ppid)!;
      writeLock(dir, { pid: process.ppid, bootId: real.bootId(), startTime: String(BigInt(start) + 1n) });
      acquireDirLock(dir)();
    });
  });

  it('without /proc, judges by the pid alone', () => {
    const noProc: ProcessFacts = { ...real, bootId: () => null, startTime: () => null };
    const dir = tmp();
    writeLock(dir, String(process.ppid));
    expect(() => acquireDirLock(dir, noProc)).toThrow(DataDirLockedError);
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeLock(dir, child.stdout.toString());
    acquireDirLock(dir, noProc)();
    const release = acquireDirLock(dir, noProc);
    expect(() => acquireDirLock(dir, noProc)).toThrow(DataDirLockedError);
    release();
  });

  it('takes over a garbled lock', () => {
    const dir = tmp();
    writeLock(dir, '{"pid":');
    acquireDirLock(dir)();
  });

  it.each([
    ['1 (node) S 0 1 1 0 -1 4194560 1 2 3 4 5 6 7 8 20 0 1 0 12345 100 200', '12345'],
    ['7 (a b) c) R 0 1 1 0 -1 4194560 1 2 3 4 5 6 7 8 20 0 1 0 98765 100 200', '98765'],
    ['garbage', null],
  ])('reads the start time from /proc/<pid>/stat %#', (stat, start) => {
    expect(startTimeFromStat(stat)).toBe(start);
  });
});
