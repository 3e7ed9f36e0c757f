export * from './errors.ts';
export * from './realtime.ts';
export * from './http/accounts.ts';
export * from './http/wallet.ts';
export * from './play.ts';
export * from './matchmaking.ts';
export * from './puzzles.ts';
export * from './social.ts';
