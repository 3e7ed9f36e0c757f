import type { GameSound } from '@rush/domain';

/**
 * The game sounds (issue 19: start, move, capture, check; SPEC 9: low time) as short tones made by
 * WebAudio, so no audio file is fetched. SPEC 8: sound playback fails silently, so every failure
 * here (no WebAudio, an autoplay policy, a closed context) is swallowed. Whether to play at all
 * (the user's mute) is the caller's: nothing here reads settings.
 */

interface Tone {
  hz: number;
  ms: number;
  /** From the sound's start. */
  delayMs?: number;
  type?: OscillatorType;
  /** Peak gain: captures a little louder than moves. */
  gain?: number;
}

const TONES: Readonly<Record<GameSound, readonly Tone[]>> = {
  start: [
    { hz: 523, ms: 90 },
    { hz: 659, ms: 90, delayMs: 100 },
    { hz: 784, ms: 150, delayMs: 200 },
  ],
  move: [{ hz: 440, ms: 55, type: 'triangle', gain: 0.18 }],
  capture: [{ hz: 220, ms: 90, type: 'triangle', gain: 0.25 }],
  check: [
    { hz: 880, ms: 80 },
    { hz: 660, ms: 120, delayMs: 90 },
  ],
  lowTime: [{ hz: 880, ms: 160 }],
};

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context && context.state !== 'closed') return context;
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

function tone(ctx: AudioContext, t: Tone): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = t.type ?? 'sine';
  osc.frequency.value = t.hz;
  const start = ctx.currentTime + (t.delayMs ?? 0) / 1000;
  const end = start + t.ms / 1000;
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(t.gain ?? 0.2, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  osc.connect(gain).connect(ctx.destination);
  osc.start(start);
  osc.stop(end + 0.02);
}

export function playSound(sound: GameSound): void {
  try {
    const ctx = audioContext();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    for (const t of TONES[sound]) tone(ctx, t);
  } catch {
    // silent (SPEC 8)
  }
}
