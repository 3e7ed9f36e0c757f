import { useEffect, useState } from 'react';
import { useConnectionStatus } from '../api/realtime-react.tsx';

const SHOW_AFTER_MS = 2_000;

function DelayedNotice() {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLate(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!late) return null;
  return (
    <div className="reconnecting" role="status">
      <span className="spinner spinner-small" aria-hidden="true" />
      Reconnecting…
    </div>
  );
}

/** Shows "Reconnecting…" once the live connection has been down for more than ~2 s. */
export function ReconnectIndicator() {
  const status = useConnectionStatus();
  return status === 'connecting' || status === 'reconnecting' ? <DelayedNotice /> : null;
}
