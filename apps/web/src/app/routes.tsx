import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { AuthMode } from '../features/accounts/auth/AuthPanel.tsx';
import { LandingPage } from '../features/landing/LandingPage.tsx';
import type { Access, RouteHandle } from './access.ts';
import { AppShell } from './AppShell.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { CrashToServerError, FatalError } from './RouteErrors.tsx';

const handle = (access: Access): RouteHandle => ({ access });

/** A static page loaded on demand (features/pages exports one named component per file). */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): RouteObject['lazy'] {
  return async () => ({ Component: (await load())[name] });
}

/**
 * The sign-in, sign-up and password forms, loaded when one is opened: a visitor reading the
 * landing (and every signed-in player) never downloads them (issue 17's first-load budget).
 */
function lazyAuth(mode: AuthMode): RouteObject['lazy'] {
  return async () => {
    const { AuthPanel } = await import('../features/accounts/auth/AuthPanel.tsx');
    return { element: <AuthPanel mode={mode} /> };
  };
}

/** Every SPEC 2 route. Access rules live in the handles and are applied by AppShell. */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <AppShell />,
    errorElement: <FatalError />,
    HydrateFallback: LoadingScreen,
    children: [
      {
        errorElement: <CrashToServerError />,
        children: [
          { index: true, handle: handle('public'), element: <LandingPage /> },
          { path: 'login', handle: handle('guest'), lazy: lazyAuth('login') },
          { path: 'signup', handle: handle('guest'), lazy: lazyAuth('signup') },
          { path: 'forgot-password', handle: handle('guest'), lazy: lazyAuth('forgot') },
          {
            path: 'terms',
            handle: handle('public'),
            lazy: lazyPage(() => import('../features/pages/TermsPage.tsx'), 'TermsPage'),
          },
          {
            path: 'privacy',
            handle: handle('public'),
            lazy: lazyPage(() => import('../features/pages/PrivacyPage.tsx'), 'PrivacyPage'),
          },
          {
            path: 'support',
            handle: handle('public'),
            lazy: lazyPage(() => import('../features/pages/SupportPage.tsx'), 'SupportPage'),
          },
          {
            path: 'about',
            handle: handle('public'),
            lazy: lazyPage(() => import('../features/pages/AboutPage.tsx'), 'AboutPage'),
          },
          {
            path: 'security',
            handle: handle('public'),
            lazy: lazyPage(() => import('../features/pages/SecurityPage.tsx'), 'SecurityPage'),
          },
          {
            path: '404',
            handle: handle('public'),
            lazy: lazyPage(() => import('../features/pages/NotFoundPage.tsx'), 'NotFoundPage'),
          },
          {
            path: '500',
            handle: handle('public'),
            lazy: lazyPage(() => import('../features/pages/ServerErrorPage.tsx'), 'ServerErrorPage'),
          },
          {
            path: 'admin',
            handle: handle('admin'),
            lazy: lazyPage(() => import('../features/admin/AdminPage.tsx'), 'AdminPage'),
          },
          {
            path: 'report',
            handle: handle('admin'),
            lazy: lazyPage(() => import('../features/admin/ReportPage.tsx'), 'ReportPage'),
          },
          {
            path: 'wallet',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/wallet/WalletPage.tsx'), 'WalletPage'),
          },
          {
            path: 'wallet/statements',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/wallet/StatementsPage.tsx'), 'StatementsPage'),
          },
          {
            path: 'leaderboard',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/leaderboard/LeaderboardPage.tsx'), 'LeaderboardPage'),
          },
          {
            path: 'start',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/matchmaking/StartPage.tsx'), 'StartPage'),
          },
          {
            path: 'callbacklichess',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/accounts/LichessCallbackPage.tsx'), 'LichessCallbackPage'),
          },
          {
            path: 'match',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/matchmaking/MatchPage.tsx'), 'MatchPage'),
          },
          {
            path: 'tv/:id',
            handle: handle('public'),
            lazy: lazyPage(() => import('../features/spectate/SpectatePage.tsx'), 'SpectatePage'),
          },
          {
            path: 'puzzle-game',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/puzzles/PuzzleModesPage.tsx'), 'PuzzleModesPage'),
          },
          {
            path: 'puzzle-game/solo-rush',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/puzzles/SoloRushPage.tsx'), 'SoloRushPage'),
          },
          {
            path: 'puzzle-game/casual',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/puzzles/CasualPuzzle.tsx'), 'CasualPuzzlePage'),
          },
          {
            path: 'puzzle-game/battle',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/puzzles/battle/BattlePage.tsx'), 'BattlePage'),
          },
          {
            path: 'bot-match',
            handle: handle('user'),
            lazy: lazyPage(() => import('../features/bots/BotMatchPage.tsx'), 'BotMatchPage'),
          },
          { path: '*', handle: handle('public'), element: <Navigate to="/404" replace /> },
        ],
      },
    ],
  },
];
