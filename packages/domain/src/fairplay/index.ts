export * from './types.ts';
export * from './texts.ts';
