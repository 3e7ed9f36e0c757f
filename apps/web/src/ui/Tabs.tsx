import { type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
  disabled?: boolean;
}

interface TabsProps<Id extends string> {
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix for the ids linking tabs and panels. */
  idPrefix: string;
  items: readonly TabItem<Id>[];
  selected: Id | null;
  onSelect: (id: Id) => void;
  /** Extra controls after the tabs (e.g. Logout). */
  trailing?: ReactNode;
  className?: string;
}

export const tabId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
export const panelId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/** WAI-ARIA tabs: arrow keys, Home and End move between the enabled tabs and select them. */
export function Tabs<Id extends string>({
  label,
  idPrefix,
  items,
  selected,
  onSelect,
  trailing,
  className,
}: TabsProps<Id>) {
  const enabled = items.filter((t) => !t.disabled);
  const focusId = selected ?? enabled[0]?.id ?? null;

  const move = (event: KeyboardEvent<HTMLButtonElement>, current: Id) => {
    const index = enabled.findIndex((t) => t.id === current);
    let next: TabItem<Id> | undefined;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = enabled[(index + 1) % enabled.length];
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp')
      next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') next = enabled[0];
    else if (event.key === 'End') next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    document.getElementById(tabId(idPrefix, next.id))?.focus();
  };

  return (
    <div className={['tabs', className].filter(Boolean).join(' ')}>
      <div role="tablist" aria-label={label} className="tab-list">
        {items.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(idPrefix, tab.id)}
            aria-controls={tab.id === selected ? panelId(idPrefix, tab.id) : undefined}
            aria-selected={tab.id === selected}
            aria-disabled={tab.disabled || undefined}
            tabIndex={tab.id === focusId ? 0 : -1}
            className="tab"
            onClick={() => {
              if (!tab.disabled) onSelect(tab.id);
            }}
            onKeyDown={(event) => move(event, tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {trailing}
    </div>
  );
}

interface TabPanelProps {
  idPrefix: string;
  id: string;
  children: ReactNode;
  className?: string;
}

export function TabPanel({ idPrefix, id, children, className }: TabPanelProps) {
  return (
    <div
      role="tabpanel"
      id={panelId(idPrefix, id)}
      aria-labelledby={tabId(idPrefix, id)}
      tabIndex={0}
      className={['tab-panel', className].filter(Boolean).join(' ')}
    >
      {children}
    </div>
  );
}
