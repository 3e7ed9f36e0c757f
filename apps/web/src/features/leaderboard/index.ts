/** leaderboard's public surface: its table and currency switch (the landing shows them). The page is loaded by app/. */
export { CurrencySwitch } from './CurrencySwitch.tsx';
export { LeaderboardTable } from './LeaderboardTable.tsx';
