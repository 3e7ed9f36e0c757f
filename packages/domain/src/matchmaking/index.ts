export * from './texts.ts';
export * from './catalog.ts';
export * from './eligibility.ts';
export * from './majority.ts';
export * from './pairing.ts';
export * from './leaderboard.ts';
export * from './featured.ts';
export * from './giveaway.ts';
