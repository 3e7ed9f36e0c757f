import { useEffect, useEffectEvent } from 'react';
import { RUSH_MAX_STRIKES } from '@rush/domain';
import type { RushStats as Stats } from '@rush/protocol';
import { formatClock } from '../../ui/Clock.tsx';
import { useSecondsLeft } from '../../ui/useSecondsLeft.ts';

interface RushTimerProps {
  /** Server time the run ends; null until the first correct move starts the clock. */
  endsAt: string | null;
  durationMs: number;
  /** Server time minus local time, ms. */
  offset: number;
  finished: boolean;
  onTimeUp: () => void;
}

/** The run's clock: the full time (3:00) until the first correct move, then down to endsAt. */
export function RushTimer({ endsAt, durationMs, offset, finished, onTimeUp }: RushTimerProps) {
  const parsed = endsAt ? Date.parse(endsAt) : NaN;
  const deadline = finished || Number.isNaN(parsed) ? null : parsed - offset;
  const seconds = useSecondsLeft(deadline);
  const timeUp = useEffectEvent(onTimeUp);
  useEffect(() => {
    if (seconds === 0) timeUp();
  }, [seconds]);
  // A finished run's clock reads 0:00 (time up, or the user finished early).
  const text = finished ? formatClock(0) : formatClock(seconds === null ? durationMs : seconds * 1000);
  return (
    <p
      className={`rush-timer${seconds !== null && seconds <= 15 ? ' is-low' : ''}`}
      role="timer"
      aria-label="Time left"
    >
      {text}
    </p>
  );
}

/** Score, streak and strikes (three marks, the struck ones filled). */
export function RushScoreboard({ stats }: { stats: Stats }) {
  const strikes = Math.min(stats.strikes, RUSH_MAX_STRIKES);
  return (
    <dl className="rush-stats">
      <div>
        <dt>Score</dt>
        <dd data-testid="rush-score">{stats.score}</dd>
      </div>
      <div>
        <dt>Streak</dt>
        <dd data-testid="rush-streak">{stats.currentStreak}</dd>
      </div>
      <div>
        <dt>Strikes</dt>
        <dd>
          <span className="visually-hidden">{`${strikes} of ${RUSH_MAX_STRIKES}`}</span>
          <span className="rush-strikes" aria-hidden="true">
            {Array.from({ length: RUSH_MAX_STRIKES }, (_, i) => (
              <span key={i} className={i < strikes ? 'rush-strike is-struck' : 'rush-strike'}>
                ✕
              </span>
            ))}
          </span>
        </dd>
      </div>
    </dl>
  );
}
