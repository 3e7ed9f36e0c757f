export * from './texts.ts';
export * from './friendship.ts';
export * from './validation.ts';
export * from './messenger.ts';
export * from './chat-windows.ts';
export * from './activities.ts';
export * from './reports.ts';
export * from './player-reports.ts';
