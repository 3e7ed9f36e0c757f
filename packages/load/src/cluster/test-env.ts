/**
 * The settings of a cluster that test drivers use (the fault suite and the load balancer's browser
 * journey share one): every simulated player and browser comes from one address, so the rate
 * limits are out of the way (the default limits are proven by their own journeys); no puzzle
 * import and no fair-play worker, which would only compete for the two cores.
 */
export const TEST_CLUSTER_ENV: Readonly<Record<string, string>> = {
  PUZZLES_AUTO_IMPORT: 'false',
  FAIRPLAY_WORKER: 'false',
  RATE_LIMIT_READ_PER_MIN: '100000',
  RATE_LIMIT_WRITE_PER_MIN: '100000',
  RATE_LIMIT_STRICT_PER_MIN: '100000',
};
