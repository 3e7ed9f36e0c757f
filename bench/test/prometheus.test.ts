import { describe, expect, it } from 'vitest';
import { parsePrometheus, sampleValue } from '../src/support/prometheus.ts';

// The shape prom-client serves: HELP and TYPE comments, labelled and unlabelled samples.
const EXPOSITION = `# HELP nodejs_eventloop_lag_p99_seconds The 99th percentile of the recorded event loop delays.
# TYPE nodejs_eventloop_lag_p99_seconds gauge
nodejs_eventloop_lag_p99_seconds 0.012099583

# HELP realtime_sockets Sockets open on this instance.
# TYPE realtime_sockets gauge
realtime_sockets 334
http_requests_total{method="GET",route="/api/games/:id",status="200"} 1234
http_requests_total{method="POST",route="/a b}",status="201"} 5 1700000000000
process_start_time_seconds NaN
nodejs_gc_duration_seconds_bucket{le="+Inf",kind="major"} 7
`;

describe('parsePrometheus', () => {
  const samples = parsePrometheus(EXPOSITION);

  it('reads unlabelled gauges', () => {
    expect(sampleValue(samples, 'nodejs_eventloop_lag_p99_seconds')).toBe(0.012099583);
    expect(sampleValue(samples, 'realtime_sockets')).toBe(334);
  });

  it('keys labelled samples by name and labels as written, ignoring a timestamp', () => {
    expect(samples.get('http_requests_total{method="GET",route="/api/games/:id",status="200"}')).toBe(1234);
    expect(samples.get('http_requests_total{method="POST",route="/a b}",status="201"}')).toBe(5);
    expect(samples.get('nodejs_gc_duration_seconds_bucket{le="+Inf",kind="major"}')).toBe(7);
  });

  it('keeps NaN and skips comments and blank lines', () => {
    expect(samples.get('process_start_time_seconds')).toBeNaN();
    expect(samples.size).toBe(6);
  });

  it('refuses a missing metric instead of reading 0', () => {
    expect(() => sampleValue(samples, 'play_live_games')).toThrow(/play_live_games/);
  });
});
