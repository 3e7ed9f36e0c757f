import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The console's sections (SPEC 2 Admin page) as data: the `#id` in the address, the title in the
 * navigation and on the section, and the section's own lazily loaded component. A new section
 * (e.g. a Dashboard in `dashboard/DashboardSection.tsx`) is one more line here.
 */
export interface AdminSectionEntry {
  id: string;
  title: string;
  component: LazyExoticComponent<ComponentType>;
}

function lazySection<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

export const ADMIN_SECTION_LIST: readonly AdminSectionEntry[] = [
  {
    id: 'app',
    title: 'Pause and announcement',
    component: lazySection(() => import('./sections/AppSection.tsx'), 'AppSection'),
  },
  {
    id: 'bans',
    title: 'Ban and unban',
    component: lazySection(() => import('./sections/BansSection.tsx'), 'BansSection'),
  },
  {
    id: 'live',
    title: 'Ongoing games and lobbies',
    component: lazySection(() => import('./sections/LiveSection.tsx'), 'LiveSection'),
  },
  {
    id: 'modes',
    title: 'Game modes',
    component: lazySection(() => import('./sections/ModesSection.tsx'), 'ModesSection'),
  },
  {
    id: 'wagers',
    title: 'Game wagers',
    component: lazySection(() => import('./sections/WagersSection.tsx'), 'WagersSection'),
  },
  { id: 'users', title: 'Users', component: lazySection(() => import('./sections/UsersSection.tsx'), 'UsersSection') },
  {
    id: 'balances',
    title: 'Balances',
    component: lazySection(() => import('./sections/BalancesSection.tsx'), 'BalancesSection'),
  },
  {
    id: 'bug-reports',
    title: 'Bug reports',
    component: lazySection(() => import('./sections/BugReportsSection.tsx'), 'BugReportsSection'),
  },
  {
    id: 'reports',
    title: 'Reported players',
    component: lazySection(() => import('./sections/ReportsSection.tsx'), 'ReportsSection'),
  },
  {
    id: 'flags',
    title: 'System-flagged users',
    component: lazySection(() => import('./sections/FlagsSection.tsx'), 'FlagsSection'),
  },
  {
    id: 'withdrawals',
    title: 'Canadian withdrawals',
    component: lazySection(() => import('./sections/CanadianWithdrawalsSection.tsx'), 'CanadianWithdrawalsSection'),
  },
  {
    id: 'stuck-payments',
    title: 'Stuck payments',
    component: lazySection(() => import('./sections/StuckPaymentsSection.tsx'), 'StuckPaymentsSection'),
  },
  {
    id: 'transactions',
    title: 'Transactions',
    component: lazySection(() => import('./sections/TransactionsSection.tsx'), 'TransactionsSection'),
  },
  {
    id: 'audit',
    title: 'Audit log',
    component: lazySection(() => import('./sections/AuditSection.tsx'), 'AuditSection'),
  },
  {
    id: 'dashboard',
    title: 'Dashboard',
    component: lazySection(() => import('./dashboard/DashboardSection.tsx'), 'DashboardSection'),
  },
];

/** The section an address's hash names, or the first. */
export function sectionFor(hash: string): AdminSectionEntry {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return ADMIN_SECTION_LIST.find((s) => s.id === id) ?? ADMIN_SECTION_LIST[0]!;
}
