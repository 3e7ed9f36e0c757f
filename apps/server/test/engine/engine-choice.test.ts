import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { STANDARD_FEN } from '@rush/domain';
import { buildServer } from '../../src/app.ts';
import { parseConfig } from '../../src/config.ts';
import {
  chooseEngine,
  DEBIAN_STOCKFISH,
  EngineConfigError,
  EngineService,
  EnginePool,
  type EngineProbe,
} from '../../src/modules/engine/index.ts';
import type { Database } from '../../src/platform/db/database.ts';
import { systemClock } from '../../src/platform/clock.ts';
import { fakeEngine } from '../fairplay/support.ts';

/** A machine with these executables (and a PATH of `dirs`). */
const probe = (executables: string[], dirs = ['/usr/local/bin', '/usr/bin']): EngineProbe => ({
  executable: (file) => executables.includes(file),
  pathDirs: () => dirs,
});

describe('chooseEngine: STOCKFISH_PATH, else a native Stockfish found, else the npm build', () => {
  test.each([
    ['unset, nothing installed: the npm build', undefined, [], 'npm', null],
    ['unset, Debian installed: /usr/games/stockfish', undefined, [DEBIAN_STOCKFISH], 'detected', DEBIAN_STOCKFISH],
    ['unset, one on the PATH', undefined, ['/usr/local/bin/stockfish'], 'detected', '/usr/local/bin/stockfish'],
    [
      'unset, both: Debian first',
      undefined,
      ['/usr/local/bin/stockfish', DEBIAN_STOCKFISH],
      'detected',
      DEBIAN_STOCKFISH,
    ],
    ['npm: the npm build even with Debian installed', 'npm', [DEBIAN_STOCKFISH], 'npm', null],
    [
      'a configured path',
      '/opt/sf/stockfish',
      ['/opt/sf/stockfish', DEBIAN_STOCKFISH],
      'configured',
      '/opt/sf/stockfish',
    ],
    [
      'a configured name, looked up on the PATH',
      'stockfish',
      ['/usr/bin/stockfish'],
      'configured',
      '/usr/bin/stockfish',
    ],
  ] as const)('%s', (_name, configured, installed, source, cmd) => {
    const choice = chooseEngine(configured, probe([...installed]));
    expect(choice.source).toBe(source);
    if (cmd === null) expect(choice.command.cmd).toBe(process.execPath);
    else expect(choice.command).toEqual({ cmd, args: [] });
  });

  test.each([
    ['a path that does not exist', '/nonexistent/stockfish'],
    ['a name on no PATH directory', 'stockfish'],
  ])('%s is a clear error, never a quiet fallback', (_name, configured) => {
    expect(() => chooseEngine(configured, probe([DEBIAN_STOCKFISH]))).toThrow(EngineConfigError);
    expect(() => chooseEngine(configured, probe([DEBIAN_STOCKFISH]))).toThrow(`STOCKFISH_PATH=${configured}`);
  });

  test('on this machine: a directory or a file without the execute bit is refused', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rush-choice-'));
    const plain = path.join(dir, 'stockfish');
    fs.writeFileSync(plain, '#!/bin/sh\n');
    expect(() => chooseEngine(dir)).toThrow(EngineConfigError);
    expect(() => chooseEngine(plain)).toThrow(EngineConfigError);
  });

  test('the server does not start on a STOCKFISH_PATH that names nothing (before it opens anything)', async () => {
    const config = parseConfig({ LOG_LEVEL: 'silent', STOCKFISH_PATH: '/nonexistent/stockfish' });
    await expect(
      buildServer({ config, database: null as unknown as Database, clock: systemClock, logger: false }),
    ).rejects.toThrow(/STOCKFISH_PATH=\/nonexistent\/stockfish: no executable file/);
  });

  test('a configured stand-in is the engine the searches reach', async () => {
    const choice = chooseEngine(fakeEngine());
    expect(choice.source).toBe('configured');
    const service = new EngineService(
      new EnginePool({ command: choice.command, size: 1, queueMax: 2, log: { warn: () => {}, error: () => {} } }),
    );
    try {
      // The fair-play stand-in answers every search at depth 8 (fake-engine.ts).
      const r = await service.analyseLines(STANDARD_FEN, ['e2e4'], { depth: 1, multipv: 2 });
      expect(r.depth).toBe(8);
      expect(r.lines).toHaveLength(2);
    } finally {
      await service.close();
    }
  });
});
