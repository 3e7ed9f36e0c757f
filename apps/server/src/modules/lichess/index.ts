/**
 * Lichess as the chess platform (issue 15), the foundation: OAuth PKCE helpers, token
 * encryption at rest, the HTTP client with its request discipline, game following helpers.
 * Not yet wired into the app: the link route, the platform adapter and settlement come next.
 */
export * from './api-types.ts';
export * from './client.ts';
export * from './errors.ts';
export * from './games.ts';
export * from './ndjson.ts';
export * from './oauth.ts';
export * from './token-crypto.ts';
export * from './token-gate.ts';
export * from './settings.ts';
export * from './results.ts';
