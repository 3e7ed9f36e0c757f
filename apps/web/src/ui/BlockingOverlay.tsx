import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './blocking-overlay.css';

const BODY_CLASS = 'has-blocking-overlay';

/** Makes every other child of <body> inert (now and as they come) until the returned undo runs. */
function inertEverythingBut(keep: HTMLElement): () => void {
  const touched = new Set<Element>();
  const mark = (node: Node) => {
    if (!(node instanceof Element) || node === keep || node.hasAttribute('inert')) return;
    node.setAttribute('inert', '');
    touched.add(node);
  };
  for (const child of [...document.body.children]) mark(child);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach(mark);
  });
  observer.observe(document.body, { childList: true });
  return () => {
    observer.disconnect();
    for (const node of touched) node.removeAttribute('inert');
  };
}

interface BlockingOverlayProps {
  /** Id of the element naming the overlay (its heading). */
  labelledBy: string;
  children: ReactNode;
  className?: string;
}

/**
 * A full-screen layer that nothing else can be used around: the rest of the page (dialogs
 * included, even ones opened later) is inert, Escape reaches nothing beneath, focus starts inside.
 */
export function BlockingOverlay({ labelledBy, children, className }: BlockingOverlayProps) {
  const layer = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = layer.current;
    if (!root) return;
    const undo = inertEverythingBut(root);
    document.body.classList.add(BODY_CLASS);
    const first = root.querySelector<HTMLElement>('button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])');
    (first ?? root).focus();
    // Dialogs beneath listen on document for Escape (to close) and Tab (to pull focus back into
    // themselves): neither may reach them. Tab keeps its default, moving among this layer's
    // controls, the only focusable ones left.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' || event.key === 'Tab') event.stopPropagation();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      document.body.classList.remove(BODY_CLASS);
      undo();
    };
  }, []);

  return createPortal(
    <div
      ref={layer}
      className={['blocking-overlay', className].filter(Boolean).join(' ')}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={labelledBy}
      tabIndex={-1}
    >
      <div className="blocking-overlay-panel">{children}</div>
    </div>,
    document.body,
  );
}
