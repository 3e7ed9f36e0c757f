import { describe, expect, it } from 'vitest';
import { selectStages, STAGES } from './stages.ts';

describe('the stages of npm test', () => {
  it('run every vitest project, both browser stages and the check, each named once', () => {
    const names = STAGES.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const project of ['domain', 'bench', 'build', 'web', 'server'])
      expect(STAGES.some((s) => s.steps.some((step) => step.join(' ') === `npx vitest run --project ${project}`))).toBe(
        true,
      );
    expect(names).toEqual(expect.arrayContaining(['check', 'web build', 'journeys', 'cluster: journey + faults']));
  });

  it('build the web app once, before every stage that reads it', () => {
    const builds = STAGES.filter((s) => s.steps.some((step) => step.join(' ') === 'npm run build'));
    expect(builds.map((s) => s.name)).toEqual(['web build']);
    const at = (name: string) => STAGES.findIndex((s) => s.name === name);
    for (const stage of STAGES.filter((s) => s.needs?.includes('web build')))
      expect(at(stage.name)).toBeGreaterThan(at('web build'));
    expect(STAGES.find((s) => s.name === 'unit: build budget')?.env?.WEB_DIST_PREBUILT).toMatch(/apps\/web\/dist$/);
  });

  it('need only stages that come before them', () => {
    STAGES.forEach((stage, i) => {
      for (const need of stage.needs ?? []) expect(STAGES.slice(0, i).map((s) => s.name)).toContain(need);
    });
  });

  it('--only picks the named stages and those they need, in suite order, and refuses a name it does not know', () => {
    expect(selectStages(STAGES, []).length).toBe(STAGES.length);
    expect(selectStages(STAGES, ['--only', 'unit: server,check']).map((s) => s.name)).toEqual([
      'check',
      'unit: server',
    ]);
    expect(selectStages(STAGES, ['--only', 'journeys,check']).map((s) => s.name)).toEqual([
      'check',
      'web build',
      'journeys',
    ]);
    expect(() => selectStages(STAGES, ['--only', 'jouneys'])).toThrow(/unknown stage jouneys/);
    expect(() => selectStages(STAGES, ['--only'])).toThrow(/unknown stage/);
  });
});
