export * from './texts.ts';
export * from './catalog.ts';
export * from './judge.ts';
export * from './scoring.ts';
export * from './lobby.ts';
export * from './start.ts';
