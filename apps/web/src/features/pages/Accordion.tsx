import { useRef } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';

const KEY_TOGGLE_WINDOW_MS = 1000;

function isActivationKey(key: string): boolean {
  return key === 'Enter' || key === ' ' || key === 'Spacebar';
}

/**
 * Props for a disclosure trigger (a native <button>) that toggles on click and on Enter/Space.
 *
 * A native button already turns Enter/Space into a click, but not every environment synthesises
 * that click (jsdom, some embedded webviews), so the keys are handled explicitly. The default key
 * action is prevented (keydown for Enter and Space, keyup for Space, which is when Firefox fires
 * its click) and a keyboard-synthesised click (detail 0) right after a handled key is ignored,
 * so one key press toggles exactly once. Assistive-technology clicks without a key still toggle.
 */
export function useDisclosureTrigger(onToggle: () => void) {
  const lastKeyToggle = useRef(Number.NEGATIVE_INFINITY);
  return {
    onClick(event: MouseEvent<HTMLButtonElement>) {
      if (event.detail === 0 && Date.now() - lastKeyToggle.current < KEY_TOGGLE_WINDOW_MS) {
        lastKeyToggle.current = Number.NEGATIVE_INFINITY;
        return;
      }
      onToggle();
    },
    onKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
      if (!isActivationKey(event.key)) return;
      event.preventDefault();
      if (event.repeat) return;
      lastKeyToggle.current = Date.now();
      onToggle();
    },
    onKeyUp(event: KeyboardEvent<HTMLButtonElement>) {
      if (event.key === ' ' || event.key === 'Spacebar') event.preventDefault();
    },
  };
}

/**
 * Arrow Up/Down, Home and End move focus between the triggers of one accordion (WAI-ARIA
 * accordion pattern). Nested accordions are left alone: only triggers whose nearest accordion
 * is this one take part.
 */
function onAccordionKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const container = event.currentTarget;
  const target = event.target as HTMLElement;
  if (!target.matches('[data-accordion-trigger]') || target.closest('[data-accordion]') !== container) return;
  const triggers = Array.from(container.querySelectorAll<HTMLElement>('[data-accordion-trigger]')).filter(
    (el) => el.closest('[data-accordion]') === container,
  );
  const index = triggers.indexOf(target);
  let next: HTMLElement | undefined;
  switch (event.key) {
    case 'ArrowDown':
      next = triggers[(index + 1) % triggers.length];
      break;
    case 'ArrowUp':
      next = triggers[(index - 1 + triggers.length) % triggers.length];
      break;
    case 'Home':
      next = triggers[0];
      break;
    case 'End':
      next = triggers[triggers.length - 1];
      break;
    default:
      return;
  }
  event.preventDefault();
  next?.focus();
}

export function Accordion({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className} data-accordion="" onKeyDown={onAccordionKeyDown}>
      {children}
    </div>
  );
}

type HeadingLevel = 2 | 3 | 4;

export interface AccordionItemProps {
  /** Base for the trigger and panel ids (`{id}-trigger`, `{id}-panel`). */
  id: string;
  title: ReactNode;
  open: boolean;
  onToggle: () => void;
  headingLevel: HeadingLevel;
  className?: string;
  /**
   * Renders the item as a `<section id={anchorId}>` named by its heading: a URL-hash target and
   * a region landmark of its own (the panel is then a plain container). The trigger becomes the
   * focus target when the page scrolls here for a hash.
   */
  anchorId?: string;
  children: ReactNode;
}

/** One heading with a disclosure button, and the region it shows or hides. */
export function AccordionItem({
  id,
  title,
  open,
  onToggle,
  headingLevel,
  className,
  anchorId,
  children,
}: AccordionItemProps) {
  const trigger = useDisclosureTrigger(onToggle);
  const Heading = `h${headingLevel}` as const;
  const Root = anchorId === undefined ? 'div' : 'section';
  const triggerId = `${id}-trigger`;
  const panelId = `${id}-panel`;
  return (
    <Root
      id={anchorId}
      className={className}
      aria-labelledby={anchorId === undefined ? undefined : triggerId}
      data-open={open ? 'true' : 'false'}
    >
      <Heading className="sp-accordion__heading">
        <button
          type="button"
          id={triggerId}
          className="sp-accordion__trigger"
          aria-expanded={open}
          aria-controls={panelId}
          data-accordion-trigger=""
          data-hash-focus={anchorId === undefined ? undefined : ''}
          {...trigger}
        >
          <span className="sp-accordion__title">{title}</span>
          <span className="sp-accordion__icon" aria-hidden="true" />
        </button>
      </Heading>
      <div
        id={panelId}
        role={anchorId === undefined ? 'region' : undefined}
        aria-labelledby={anchorId === undefined ? triggerId : undefined}
        className="sp-accordion__panel"
        hidden={!open}
      >
        {children}
      </div>
    </Root>
  );
}
