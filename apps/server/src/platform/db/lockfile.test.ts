import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { acquireDirLock, DataDirLockedError } from './lockfile.ts';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'rush-lock-'));

describe('PGlite data folder lock', () => {
  it('refuses a second holder while the first holds it, and frees it on release', () => {
    const dir = tmp();
    const release = acquireDirLock(dir);
    expect(() => acquireDirLock(dir)).toThrow(DataDirLockedError);
    release();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    acquireDirLock(dir)();
  });

  it('refuses when another live process holds it', () => {
    const dir = tmp();
    // A lock written by our parent process: alive, and not us.
    fs.writeFileSync(path.join(dir, '.lock'), String(process.ppid));
    expect(() => acquireDirLock(dir)).toThrow(/in use by another process/);
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = tmp();
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    fs.writeFileSync(path.join(dir, '.lock'), child.stdout.toString());
    const release = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
