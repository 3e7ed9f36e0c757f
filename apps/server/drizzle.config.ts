import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` writes a new SQL migration here from the schema files.
export default defineConfig({
  dialect: 'postgresql',
  // Listed one by one so a capability's tables join the migrations when it is wired in.
  schema: [
    './src/modules/accounts/schema.ts',
    './src/modules/wallet/schema.ts',
    './src/modules/wallet/responsible-gaming.schema.ts',
    './src/modules/play/schema.ts',
    './src/modules/lichess/schema.ts',
    './src/modules/matchmaking/schema.ts',
    './src/modules/puzzles/schema.ts',
    './src/modules/social/schema.ts',
    './src/modules/audit/schema.ts',
    './src/modules/admin/schema.ts',
    './src/modules/bots/schema.ts',
    './src/modules/fairplay/schema.ts',
    './src/modules/reports/schema.ts',
  ],
  out: './drizzle',
});
