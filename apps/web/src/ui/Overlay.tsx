import { Suspense, type ReactNode } from 'react';
import { Dialog } from './Dialog.tsx';
import { useCloseOverlay, useOverlayOpen } from './overlayFlags.ts';

interface OverlayProps {
  /** The query flag that opens it (present = open). */
  flag: string;
  /** Open only while the flag has this value (`?wallet=deposit`); any value when omitted. */
  value?: string;
  title: string;
  children: ReactNode;
  className?: string;
  /** It frames another site's page: closing never goes Back (useCloseOverlay `noBack`). */
  framesOtherSite?: boolean;
}

/** A modal bound to a query flag: open while the flag is in the URL; closing removes it. */
export function Overlay({ flag, value, title, children, className, framesOtherSite }: OverlayProps) {
  const open = useOverlayOpen(flag, value);
  const close = useCloseOverlay(flag, { noBack: framesOtherSite === true });
  if (!open) return null;
  return (
    <Dialog title={title} onClose={close} className={className}>
      <Suspense fallback={<p role="status">Loading…</p>}>{children}</Suspense>
    </Dialog>
  );
}
