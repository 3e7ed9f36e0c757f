import { IDLE_AFTER_MS, MOUSE_THROTTLE_MS } from '@rush/domain';
import type { PresenceMessageState } from './realtime.ts';

/** Activity that counts as "online" (SPEC 4: mouse move, keys, touch). */
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'touchstart'] as const;

/**
 * SPEC 4 presence: `online` on activity, throttled to one message per MOUSE_THROTTLE_MS;
 * `idle` after IDLE_AFTER_MS without activity. Coming back from idle is reported at once.
 */
export class PresenceTracker {
  private state: PresenceMessageState = 'online';
  private lastSent = Number.NEGATIVE_INFINITY;
  private lastActivity = 0;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private target: EventTarget | null = null;

  constructor(
    private readonly send: (state: PresenceMessageState) => void,
    private readonly now: () => number = () => Date.now(),
  ) {}

  start(target: EventTarget): void {
    this.target = target;
    this.lastActivity = this.now();
    this.lastSent = this.lastActivity; // the connection itself reported online
    for (const type of ACTIVITY_EVENTS) target.addEventListener(type, this.activity, { passive: true });
    this.scheduleIdle(IDLE_AFTER_MS);
  }

  stop(): void {
    if (this.target) for (const type of ACTIVITY_EVENTS) this.target.removeEventListener(type, this.activity);
    this.target = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  readonly activity = (): void => {
    const now = this.now();
    this.lastActivity = now;
    if (this.state === 'idle' || now - this.lastSent >= MOUSE_THROTTLE_MS) {
      this.state = 'online';
      this.lastSent = now;
      this.send('online');
    }
    if (!this.idleTimer) this.scheduleIdle(IDLE_AFTER_MS);
  };

  private scheduleIdle(ms: number): void {
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const quiet = this.now() - this.lastActivity;
      if (quiet >= IDLE_AFTER_MS) {
        if (this.state !== 'idle') {
          this.state = 'idle';
          this.send('idle');
        }
        return;
      }
      this.scheduleIdle(IDLE_AFTER_MS - quiet);
    }, ms);
  }
}
