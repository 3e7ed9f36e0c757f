/**
 * The protocol's schemas, and zod with them: about a fifth of what a page would otherwise load
 * before it renders (issue 17's first-load budget). This module is only ever imported
 * dynamically, through `loadSchemas` (schemaLoader.ts): every page starts it at once, alongside
 * its first request, and every answer and event is still parsed with these before it is used.
 */
export * from '@rush/protocol';
