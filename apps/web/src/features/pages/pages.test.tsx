import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { BrowserRouter, MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import { DEFAULT_SUPPORT_EMAIL } from '@rush/domain';
import { AboutPage } from './AboutPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { PrivacyPage } from './PrivacyPage.tsx';
import { SecurityPage } from './SecurityPage.tsx';
import { ServerErrorPage } from './ServerErrorPage.tsx';
import { SupportPage } from './SupportPage.tsx';
import { TermsPage } from './TermsPage.tsx';

const scrollIntoView = vi.fn();

beforeEach(() => {
  scrollIntoView.mockClear();
  // jsdom implements no layout, hence no scrollIntoView.
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  cleanup();
});

function renderAt(ui: ReactElement, path = '/') {
  return render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);
}

function h1Text(): string {
  const h1s = screen.getAllByRole('heading', { level: 1 });
  expect(h1s).toHaveLength(1);
  return h1s[0]!.textContent ?? '';
}

const SECTION_NAMES = [
  'General',
  'Deposits & Withdrawals',
  'Playing Matches',
  'Profile Settings',
  'RushCoins/Cosmetics/Achievements',
];
const SECTION_IDS = ['general', 'deposits-withdrawals', 'playing-matches', 'profile-settings', 'wagerbucks'];

function sectionTrigger(name: string): HTMLElement {
  return within(screen.getByRole('heading', { level: 2, name })).getByRole('button');
}

describe('static pages', () => {
  it.each([
    ['Terms', <TermsPage />, '/terms', 'Terms of Service'],
    ['Privacy', <PrivacyPage />, '/privacy', 'Privacy Policy'],
    ['Support', <SupportPage />, '/support', 'Help & Support'],
    ['About', <AboutPage />, '/about', 'About RushChess'],
    ['Security', <SecurityPage />, '/security', 'Combatting Cheating'],
    ['404', <NotFoundPage />, '/404', 'Page not found'],
    ['500', <ServerErrorPage />, '/500', 'Something went wrong'],
  ])('%s renders a single h1', (_name, ui, path, title) => {
    renderAt(ui, path);
    expect(h1Text()).toBe(title);
  });

  it('uses the support email passed in, else the default', () => {
    renderAt(<TermsPage supportEmail="help@example.org" />, '/terms');
    const links = screen.getAllByRole('link', { name: 'help@example.org' });
    expect(links.length).toBeGreaterThan(0);
    expect(links[0]!.getAttribute('href')).toBe('mailto:help@example.org');
    cleanup();
    renderAt(<PrivacyPage />, '/privacy');
    expect(screen.getAllByRole('link', { name: DEFAULT_SUPPORT_EMAIL }).length).toBeGreaterThan(0);
  });

  it('Terms states the key figures', () => {
    const { container } = renderAt(<TermsPage />, '/terms');
    const text = container.textContent ?? '';
    for (const fact of [
      '18',
      'Arizona',
      'Tennessee',
      '10% of the winner’s pot',
      'US$3,000 per month',
      '$10',
      'US$0.50',
      'US$2.00',
      '48 hours',
      '$600',
      '60 days',
      '$10,000',
      'no cash value',
      'cannot be changed later',
    ]) {
      expect(text).toContain(fact);
    }
  });

  it('Privacy shows its last-updated date', () => {
    renderAt(<PrivacyPage />, '/privacy');
    expect(screen.getByText('Last updated January 17, 2022')).toBeTruthy();
  });

  it('404 and 500 link home; 500 reloads', () => {
    renderAt(<NotFoundPage />, '/404');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    cleanup();
    const onReload = vi.fn();
    renderAt(<ServerErrorPage onReload={onReload} />, '/500');
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    fireEvent.click(screen.getByRole('button', { name: 'Reload page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});

describe('SupportPage', () => {
  it('has exactly the five FAQ sections, with their anchor ids', () => {
    const { container } = renderAt(<SupportPage />, '/support');
    const h2s = screen.getAllByRole('heading', { level: 2 });
    expect(h2s.map((h) => h.textContent)).toEqual(SECTION_NAMES);
    const sections = container.querySelectorAll('section.sp-faq-section');
    expect(Array.from(sections, (s) => s.id)).toEqual(SECTION_IDS);
  });

  it('lists the five sections in a side nav of anchor links', () => {
    renderAt(<SupportPage />, '/support');
    const nav = screen.getByRole('navigation', { name: 'FAQ sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(SECTION_NAMES);
    expect(links.map((l) => l.getAttribute('href'))).toEqual(SECTION_IDS.map((id) => `/support#${id}`));
  });

  it('opens General by default and no other section', () => {
    renderAt(<SupportPage />, '/support');
    expect(SECTION_NAMES.map((n) => sectionTrigger(n).getAttribute('aria-expanded'))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });

  it('accordion buttons control a region and toggle aria-expanded on click', () => {
    renderAt(<SupportPage />, '/support');
    const trigger = screen.getByRole('button', { name: 'Who can play?' });
    const panelId = trigger.getAttribute('aria-controls')!;
    const panel = document.getElementById(panelId)!;
    expect(panel.getAttribute('role')).toBe('region');
    expect(panel.getAttribute('aria-labelledby')).toBe(trigger.id);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByText(/Arizona/)).toBeTruthy();

    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
  });

  it('accordion buttons toggle on Enter and on Space, once per key press', () => {
    renderAt(<SupportPage />, '/support');
    const trigger = screen.getByRole('button', { name: 'Who can play?' });

    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // A browser would follow the key with a synthetic click (detail 0): it must not toggle back.
    fireEvent.click(trigger, { detail: 0 });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(trigger, { key: ' ' });
    fireEvent.keyUp(trigger, { key: ' ' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    // Other keys do nothing.
    fireEvent.keyDown(trigger, { key: 'a' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('section headers are disclosure buttons too (click and keyboard)', () => {
    renderAt(<SupportPage />, '/support');
    const trigger = sectionTrigger('Playing Matches');
    const panel = document.getElementById(trigger.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    fireEvent.keyDown(trigger, { key: 'Enter' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('explains monthly statements in Deposits & Withdrawals, linking to them (issue 37)', () => {
    renderAt(<SupportPage />, '/support#deposits-withdrawals');
    const question = screen.getByRole('button', { name: 'Can I get a monthly statement?' });
    fireEvent.click(question);
    const panel = document.getElementById(question.getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('link', { name: 'Statements' }).getAttribute('href')).toBe('/wallet/statements');
    expect(panel.textContent).toContain('download any month as a spreadsheet (CSV) or as a PDF');
  });

  it('arrow keys move focus between the questions of a section', () => {
    renderAt(<SupportPage />, '/support');
    const first = screen.getByRole('button', { name: 'What is RushChess?' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Who can play?');
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('How do I contact support?');
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(first);
  });

  it('opens and scrolls to the section named by the URL hash on load (#wagerbucks)', () => {
    renderAt(<SupportPage />, '/support#wagerbucks');
    const trigger = sectionTrigger('RushCoins/Cosmetics/Achievements');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(trigger.getAttribute('aria-controls')!)!.hidden).toBe(false);
    expect(screen.getByRole('button', { name: 'What are RushCoins?' })).toBeTruthy();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('wagerbucks'));
    expect(sectionTrigger('General').getAttribute('aria-expanded')).toBe('false');
    const current = within(screen.getByRole('navigation', { name: 'FAQ sections' })).getByRole('link', {
      name: 'RushCoins/Cosmetics/Achievements',
    });
    expect(current.getAttribute('aria-current')).toBe('location');
  });

  it('opens, scrolls to and focuses a section when the hash changes (side nav link)', () => {
    renderAt(<SupportPage />, '/support');
    const nav = screen.getByRole('navigation', { name: 'FAQ sections' });
    const trigger = sectionTrigger('Profile Settings');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    act(() => {
      fireEvent.click(within(nav).getByRole('link', { name: 'Profile Settings' }));
    });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('profile-settings'));
    expect(document.activeElement).toBe(trigger);
    // The section opened by default stays open.
    expect(sectionTrigger('General').getAttribute('aria-expanded')).toBe('true');

    // Closing it, then following the same link again, reopens and scrolls again.
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    act(() => {
      fireEvent.click(within(nav).getByRole('link', { name: 'Profile Settings' }));
    });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(scrollIntoView).toHaveBeenCalledTimes(2);
  });

  it('follows a hash the router did not set (address bar, location.hash)', async () => {
    window.history.replaceState(null, '', '/support');
    render(
      <BrowserRouter>
        <SupportPage />
      </BrowserRouter>,
    );
    const trigger = sectionTrigger('Playing Matches');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    await act(async () => {
      window.location.hash = '#playing-matches';
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(scrollIntoView.mock.contexts.at(-1)).toBe(document.getElementById('playing-matches'));
    window.history.replaceState(null, '', '/');
  });

  it('ignores a hash that names no section', () => {
    renderAt(<SupportPage />, '/support#nope');
    expect(sectionTrigger('General').getAttribute('aria-expanded')).toBe('true');
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});

describe('DocumentPage hash', () => {
  it('Terms scrolls to the section named by the hash', () => {
    renderAt(<TermsPage />, '/terms#fees');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('fees'));
  });
});
