import type { ReactNode } from 'react';
import { SupportEmailLink } from './SupportEmailLink.tsx';
import { generalSection } from './faq/general.tsx';
import { depositsSection } from './faq/deposits.tsx';
import { matchesSection } from './faq/matches.tsx';
import { profileSection } from './faq/profile.tsx';
import { rushCoinsSection } from './faq/rushcoins.tsx';

/** Section ids are URL anchors: SPEC routes name /support#wagerbucks. */
export const FAQ_SECTION_IDS = [
  'general',
  'deposits-withdrawals',
  'playing-matches',
  'profile-settings',
  'wagerbucks',
] as const;
export type FaqSectionId = (typeof FAQ_SECTION_IDS)[number];

export function isFaqSectionId(id: string): id is FaqSectionId {
  return (FAQ_SECTION_IDS as readonly string[]).includes(id);
}

export interface FaqItem {
  /** Unique within the page; the accordion derives its element ids from it. */
  id: string;
  question: string;
  answer: ReactNode;
}

export interface FaqSection {
  id: FaqSectionId;
  title: string;
  items: readonly FaqItem[];
}

/** The Support FAQ (SPEC 2: five sections, one file each in faq/), with the support address filled in. */
export function faqSections(supportEmail: string): readonly FaqSection[] {
  const email = <SupportEmailLink email={supportEmail} />;
  return [
    generalSection(email),
    depositsSection(email),
    matchesSection(email),
    profileSection(email),
    rushCoinsSection(email),
  ];
}
