import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Currency } from '@rush/domain';
import type { AppStateView, DeviceGps } from '@rush/protocol';
import { locateDevice } from '../wallet/index.ts';
import { MATCH_KEYS } from './api.ts';
import { takeMatchCall } from './guard.ts';
import { useAppState } from './queries.ts';
import { refusalOf, type MatchRefusal } from './refusal.ts';

export interface MatchStart {
  busy: boolean;
  refusal: MatchRefusal | null;
  clear: () => void;
  /**
   * Runs a call that starts a game (seek, challenge, accepting one) the way SPEC 4-6 ask: ignored
   * within 3 s of the previous call, the announcement instead while paused, the browser's
   * location first for USD, then the call; a refusal is kept to show, `login` goes to /login.
   */
  run: <T>(
    currency: Currency,
    call: (deviceGps: DeviceGps | undefined) => Promise<T>,
    onDone: (result: T) => void,
  ) => void;
}

export function useMatchStart(): MatchStart {
  const navigate = useNavigate();
  const client = useQueryClient();
  // Subscribed so the pause is known (and live) before the first click.
  useAppState();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<MatchRefusal | null>(null);

  const fail = (error: unknown) => {
    const r = refusalOf(error);
    if (r.code === 'login') {
      void navigate('/login');
      return;
    }
    // A pause we had not heard of yet: read the announcement to show it.
    if (r.code === 'paused') void client.invalidateQueries({ queryKey: MATCH_KEYS.appState });
    setRefusal(r);
  };

  const run: MatchStart['run'] = (currency, call, onDone) => {
    if (busy || !takeMatchCall()) return;
    // Read at click time: the render's copy may predate an `app.state` event.
    const app = client.getQueryData<AppStateView>(MATCH_KEYS.appState);
    if (app?.paused) {
      setRefusal({ code: 'paused', message: app.announcement.text });
      return;
    }
    setRefusal(null);
    setBusy(true);
    const go = async () => {
      const deviceGps = currency === 'usd' ? await locateDevice() : undefined;
      return call(deviceGps);
    };
    go().then(
      (result) => {
        setBusy(false);
        onDone(result);
      },
      (error: unknown) => {
        setBusy(false);
        fail(error);
      },
    );
  };

  return { busy, refusal, clear: () => setRefusal(null), run };
}
