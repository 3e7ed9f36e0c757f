import { describe, expect, it } from 'vitest';
import { runLanes } from './lanes.ts';

const node = (code: string): string[] => [process.execPath, '-e', code];

describe('runLanes', () => {
  it('runs each lane in turn and answers every lane, in order, with its own output', async () => {
    const results = await runLanes(
      [
        { name: 'a', steps: [node('console.log("a1")'), node('console.log("a2")')] },
        { name: 'b', steps: [node('console.error("b1")')] },
      ],
      process.cwd(),
    );
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect(results[0]!.output).toMatch(/a1\n[\s\S]*a2\n/);
    expect(results[1]!.output).toContain('b1');
  });

  it('ends a lane at its first failing step and fails only that lane', async () => {
    const results = await runLanes(
      [
        { name: 'bad', steps: [node('process.exit(3)'), node('console.log("never")')] },
        { name: 'good', steps: [node('console.log("fine")')] },
      ],
      process.cwd(),
    );
    expect(results[0]).toMatchObject({ name: 'bad', ok: false });
    expect(results[0]!.output).not.toContain('never');
    expect(results[1]).toMatchObject({ name: 'good', ok: true });
  });

  it('fails a lane whose command cannot start', async () => {
    const [result] = await runLanes([{ name: 'x', steps: [['/no/such/command']] }], process.cwd());
    expect(result!.ok).toBe(false);
    expect(result!.output).toMatch(/ENOENT/);
  });
});
