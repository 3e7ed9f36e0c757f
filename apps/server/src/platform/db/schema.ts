/** All tables, gathered for Drizzle. Each capability declares its own in modules/<name>/schema.ts. */
export * from '../../modules/accounts/schema.ts';
export * from '../../modules/wallet/schema.ts';
export * from '../../modules/play/schema.ts';
export * from '../../modules/matchmaking/schema.ts';
export * from '../../modules/puzzles/schema.ts';
export * from '../../modules/social/schema.ts';
