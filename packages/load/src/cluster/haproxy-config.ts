import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shipped load balancer configuration (deploy/haproxy.cfg): what production runs too. Read as
 * a file, the one thing of deploy/ this package uses (its code imports nothing of deploy/).
 */
export const HAPROXY_CFG = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy/haproxy.cfg');

const BEGIN = '# BEGIN servers';
const END = '# END servers';

/**
 * The shipped configuration with its example server lines replaced by one per instance. Only
 * that block changes, so what the cluster and its tests run is the file an operator reads.
 */
export function renderHaproxyConfig(shipped: string, ports: number[]): string {
  const start = shipped.indexOf(BEGIN);
  const end = shipped.indexOf(END);
  if (start < 0 || end < start) throw new Error(`haproxy.cfg lacks the "${BEGIN}" ... "${END}" block`);
  const indent = /[ \t]*$/.exec(shipped.slice(0, start))?.[0] ?? '';
  const servers = ports.map((port, i) => `${indent}server app${i + 1} 127.0.0.1:${port}\n`).join('');
  return `${shipped.slice(0, start)}${BEGIN}\n${servers}${indent}${shipped.slice(end)}`;
}

export function writeHaproxyConfig(dir: string, ports: number[]): string {
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, renderHaproxyConfig(fs.readFileSync(HAPROXY_CFG, 'utf8'), ports));
  return file;
}
