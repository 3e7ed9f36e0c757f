import { vi } from 'vitest';

/**
 * A stand-in for WebAudio (jsdom has none) that records every oscillator started, for the sound
 * tests. The page keeps one AudioContext for its life (ui/sound.ts), so the record is shared by
 * every context this file made: `reset()` empties it between tests.
 */
export const audioLog = {
  /** The frequency of each oscillator started, in order. */
  starts: [] as number[],
  contexts: 0,
  reset() {
    this.starts.length = 0;
  },
};

class FakeParam {
  value = 0;
  setValueAtTime() {
    return this;
  }
  exponentialRampToValueAtTime() {
    return this;
  }
}

class FakeNode {
  connect<T>(next: T): T {
    return next;
  }
}

class FakeOscillator extends FakeNode {
  type = 'sine';
  frequency = new FakeParam();
  start() {
    audioLog.starts.push(this.frequency.value);
  }
  stop() {}
}

class FakeGain extends FakeNode {
  gain = new FakeParam();
}

export class FakeAudioContext {
  state: 'running' | 'suspended' | 'closed' = 'running';
  currentTime = 0;
  destination = new FakeNode();
  constructor() {
    audioLog.contexts += 1;
  }
  createOscillator() {
    return new FakeOscillator();
  }
  createGain() {
    return new FakeGain();
  }
  resume() {
    this.state = 'running';
    return Promise.resolve();
  }
}

/** Puts the stand-in where the page looks for WebAudio (undone by the suite's unstubAllGlobals). */
export function installFakeAudio(): void {
  audioLog.reset();
  vi.stubGlobal('AudioContext', FakeAudioContext);
}
