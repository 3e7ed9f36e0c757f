import { useEffect, useState } from 'react';
import { TEXTS } from '@rush/domain';
import { useConnectionStatus, useRealtime } from '../api/realtime-react.tsx';
import { Button } from '../ui/Button.tsx';

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

/** The socket gave its place to the user's newer windows (close 4009): nothing live until the person says so. */
function ElsewhereNotice() {
  const client = useRealtime();
  return (
    <div className="reconnecting" role="status">
      {TEXTS.sessionElsewhere}{' '}
      <Button variant="link" onClick={() => client.resume()}>
        {TEXTS.useHere}
      </Button>
    </div>
  );
}

/**
 * Shows "Reconnecting…" once the live connection has been down for more than ~2 s, and says so
 * when the session continues in another window.
 */
export function ReconnectIndicator() {
  const status = useConnectionStatus();
  if (status === 'elsewhere') return <ElsewhereNotice />;
  return status === 'connecting' || status === 'reconnecting' ? <DelayedNotice /> : null;
}
