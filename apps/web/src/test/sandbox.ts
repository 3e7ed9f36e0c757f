import { SANDBOX_DESCRIPTION } from '../ui/SandboxMark.tsx';

/**
 * Amounts and their Sandbox marks, read apart: a test asserts the SPEC text ("$20.00") and,
 * separately, whether the mark is there.
 */

/** The element's text without its Sandbox marks and the space before each ("$20.00 (fee $0.50)"). */
export function textWithoutMarks(element: Element | null | undefined): string | null {
  if (!element) return null;
  const copy = element.cloneNode(true) as Element;
  for (const mark of copy.querySelectorAll('.sandbox-mark')) {
    const before = mark.previousSibling;
    if (before?.nodeType === Node.TEXT_NODE) before.textContent = (before.textContent ?? '').replace(/ $/, '');
    mark.remove();
  }
  return copy.textContent;
}

/** The Sandbox marks inside the element (each a note named by the test-money description). */
export function sandboxMarks(element: Element | null | undefined): Element[] {
  if (!element) return [];
  return [...element.querySelectorAll('[role="note"]')].filter(
    (el) => el.getAttribute('aria-label') === SANDBOX_DESCRIPTION && el.textContent === 'Sandbox',
  );
}

/** The accessible name of a control whose label is a USD amount, in sandbox mode ("USD $5 Sandbox: …"). */
export const withSandboxMark = (label: string): string => `${label} ${SANDBOX_DESCRIPTION}`;
