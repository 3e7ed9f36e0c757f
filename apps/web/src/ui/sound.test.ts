import { beforeEach, describe, expect, test, vi } from 'vitest';
import { GAME_SOUNDS, type GameSound } from '@rush/domain';
import { audioLog, FakeAudioContext, installFakeAudio } from '../test/fakeAudio.ts';

/** sound.ts keeps its AudioContext for the page's life: each test loads a fresh copy. */
async function freshSound() {
  vi.resetModules();
  return import('./sound.ts');
}

beforeEach(() => {
  audioLog.reset();
});

describe('game sounds through WebAudio', () => {
  test('each sound starts its tones; move, capture and check differ', async () => {
    installFakeAudio();
    const { playSound } = await freshSound();
    const heard = (sound: GameSound) => {
      audioLog.reset();
      playSound(sound);
      return [...audioLog.starts];
    };
    const counts = Object.fromEntries(GAME_SOUNDS.map((s) => [s, heard(s).length]));
    expect(counts).toEqual({ start: 3, move: 1, capture: 1, check: 2, lowTime: 1 });
    expect(heard('move')).not.toEqual(heard('capture'));
    expect(heard('check')).not.toEqual(heard('move'));
    // One context for the page, however many sounds.
    expect(audioLog.contexts).toBe(1);
  });

  test('a suspended context (autoplay policy) is asked to resume', async () => {
    const resume = vi.fn(() => Promise.resolve());
    class Suspended extends FakeAudioContext {
      override state = 'suspended' as const;
      override resume = resume;
    }
    vi.stubGlobal('AudioContext', Suspended);
    const { playSound } = await freshSound();
    playSound('move');
    expect(resume).toHaveBeenCalledTimes(1);
    expect(audioLog.starts).toHaveLength(1);
  });

  test('SPEC 8: every failure is silent (no WebAudio, a refused context, a failing node, a refused resume)', async () => {
    vi.stubGlobal('AudioContext', undefined);
    let sound = await freshSound();
    expect(() => sound.playSound('start')).not.toThrow();

    vi.stubGlobal(
      'AudioContext',
      class {
        constructor() {
          throw new Error('NotAllowedError');
        }
      },
    );
    sound = await freshSound();
    expect(() => sound.playSound('check')).not.toThrow();

    class Broken extends FakeAudioContext {
      override createOscillator(): never {
        throw new Error('InvalidStateError');
      }
    }
    vi.stubGlobal('AudioContext', Broken);
    sound = await freshSound();
    expect(() => sound.playSound('capture')).not.toThrow();

    class Refusing extends FakeAudioContext {
      override state = 'suspended' as const;
      override resume = () => Promise.reject(new Error('NotAllowedError'));
    }
    vi.stubGlobal('AudioContext', Refusing);
    sound = await freshSound();
    expect(() => sound.playSound('move')).not.toThrow();
    // The refused resume's rejection is caught (an unhandled one would fail the run).
    await new Promise((r) => setTimeout(r, 0));
    expect(audioLog.starts).toHaveLength(1);
  });
});
