export * from './types.ts';
export * from './texts.ts';
export * from './rules.ts';
