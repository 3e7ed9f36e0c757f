export * from './strength.ts';
export * from './settlement.ts';
export * from './texts.ts';
export * from './wizard.ts';
export * from './bankroll.ts';
