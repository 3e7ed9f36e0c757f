/**
 * @rush/load: what the benchmarks (bench/), the fault suite and `npm run cluster` (deploy/) and the
 * cluster stage of e2e share, so none of them imports another (issue 34; lint holds it):
 *
 * - cluster/: the product as several instances behind HAProxy (the shipped deploy/haproxy.cfg,
 *   read as a file) on PostgreSQL and Redis, started and stopped as child processes;
 * - seedPlayers: signed-in players made by the server's own stores (capacity runs need thousands);
 * - movesLine: a fixed line of legal moves that ends nothing, the same in every game of a run.
 */
export { Cluster, ROOT, type ClusterInstance, type ClusterOptions } from './cluster/cluster.ts';
export { sleep } from './cluster/processes.ts';
export { TEST_CLUSTER_ENV } from './cluster/test-env.ts';
export { movesLine } from './moves-line.ts';
export { seedPlayers, type SeededPlayer } from './seed-players.ts';
