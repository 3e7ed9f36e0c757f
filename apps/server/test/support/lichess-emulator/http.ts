import type http from 'node:http';

/**
 * The two small HTTP helpers every emulator endpoint uses: a JSON answer (schemas/Ok.yaml and
 * Error.yaml of lichess-org/api are `{ok: true}` and `{error}`) and lila's reading of a boolean
 * form or query value.
 */

export function json(res: http.ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export const bool = (v: string | null | undefined): boolean => v === 'true' || v === '1';
