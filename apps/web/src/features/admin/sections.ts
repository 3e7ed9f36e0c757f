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

/** One row: the id, the title, the module's loader and the section's export in it. */
type SectionRow = readonly [id: string, title: string, load: () => Promise<object>, name: string];

const SECTION_ROWS: readonly SectionRow[] = [
  ['app', 'Pause and announcement', () => import('./sections/AppSection.tsx'), 'AppSection'],
  ['bans', 'Ban and unban', () => import('./sections/BansSection.tsx'), 'BansSection'],
  ['live', 'Ongoing games and lobbies', () => import('./sections/LiveSection.tsx'), 'LiveSection'],
  ['modes', 'Game modes', () => import('./sections/ModesSection.tsx'), 'ModesSection'],
  ['wagers', 'Game wagers', () => import('./sections/WagersSection.tsx'), 'WagersSection'],
  ['users', 'Users', () => import('./sections/UsersSection.tsx'), 'UsersSection'],
  ['balances', 'Balances', () => import('./sections/BalancesSection.tsx'), 'BalancesSection'],
  ['bug-reports', 'Bug reports', () => import('./sections/BugReportsSection.tsx'), 'BugReportsSection'],
  ['reports', 'Reported players', () => import('./sections/ReportsSection.tsx'), 'ReportsSection'],
  ['flags', 'System-flagged users', () => import('./sections/FlagsSection.tsx'), 'FlagsSection'],
  [
    'withdrawals',
    'Canadian withdrawals',
    () => import('./sections/CanadianWithdrawalsSection.tsx'),
    'CanadianWithdrawalsSection',
  ],
  ['stuck-payments', 'Stuck payments', () => import('./sections/StuckPaymentsSection.tsx'), 'StuckPaymentsSection'],
  ['transactions', 'Transactions', () => import('./sections/TransactionsSection.tsx'), 'TransactionsSection'],
  ['responsible-gaming', 'Responsible gaming', () => import('./review/ReviewSection.tsx'), 'ReviewSection'],
  ['audit', 'Audit log', () => import('./sections/AuditSection.tsx'), 'AuditSection'],
  ['dashboard', 'Dashboard', () => import('./dashboard/DashboardSection.tsx'), 'DashboardSection'],
];

export const ADMIN_SECTION_LIST: readonly AdminSectionEntry[] = SECTION_ROWS.map(([id, title, load, name]) => ({
  id,
  title,
  component: lazy(async () => ({ default: ((await load()) as Record<string, ComponentType>)[name]! })),
}));

/** The section an address's hash names, or the first. */
export function sectionFor(hash: string): AdminSectionEntry {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  return ADMIN_SECTION_LIST.find((s) => s.id === id) ?? ADMIN_SECTION_LIST[0]!;
}
