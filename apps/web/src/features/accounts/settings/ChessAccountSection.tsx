import { useId } from 'react';
import { maskName } from '@rush/domain';
import type { Me } from '@rush/protocol';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { PLAY_TEXTS } from '@rush/domain';
import {
  LICHESS_LINK_HINT,
  linkedText,
  useChessLink,
  useLichessLinkStatus,
  useStartLichessLink,
} from '../linkChess.ts';
import { useSettingToggle } from '../useSettingToggle.ts';
import { useLocalOverride } from './useLocalOverride.ts';

/** What others see of the chess-platform name: masked with asterisks when hidden (SPEC 2, 9). */
export function shownChessName(me: Pick<Me, 'chessUsername' | 'settings'>): string {
  if (me.settings.hideLichessUsername) return maskName(me.chessUsername);
  return me.chessUsername ?? 'Not linked';
}

/**
 * SPEC 2 General pane: link the chess account (once, never changed: the button stays disabled
 * once linked and the row shows the linked name, masked when hidden) and the "Hide Lichess
 * username" choice. On Lichess (CHESS_PLATFORM=lichess) the button sends the browser to Lichess's
 * authorisation page; the link finishes on /callbacklichess.
 */
export function ChessAccountSection({ me }: { me: Me }) {
  const id = useId();
  const toggle = useSettingToggle();
  const link = useChessLink();
  const hidden = useLocalOverride(me.settings.hideLichessUsername);
  const shown = { ...me, settings: { ...me.settings, hideLichessUsername: hidden.value } };
  const linked = me.chessUsername !== null;
  // Lichess: a revoked or expired token asks for the same account again (issue 15).
  const status = useLichessLinkStatus(linked && link.platform === 'lichess');
  const reauthorise = useStartLichessLink();
  return (
    <section className="settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Chess account</h3>
      <div className="settings-row">
        <span data-testid="chess-account-name">{linked ? shownChessName(shown) : 'No chess account linked'}</span>
        <Button
          variant="secondary"
          disabled={linked}
          busy={link.isPending}
          onClick={link.start}
          aria-describedby={linked ? `${id}-linked` : link.platform === 'lichess' ? `${id}-lichess` : undefined}
        >
          Link account
        </Button>
        {linked ? (
          <span id={`${id}-linked`} className="field-hint">
            Linked for good
          </span>
        ) : link.platform === 'lichess' ? (
          <span id={`${id}-lichess`} className="field-hint">
            {LICHESS_LINK_HINT}
          </span>
        ) : null}
      </div>
      {status.data?.needsReauthorisation ? (
        <div className="settings-row">
          <FormMessage text={PLAY_TEXTS.lichessReauthorise} />
          <Button
            variant="secondary"
            busy={reauthorise.isPending || reauthorise.isSuccess}
            onClick={() => reauthorise.mutate()}
          >
            Authorise again
          </Button>
        </div>
      ) : null}
      <FormMessage text={reauthorise.isError ? errorText(reauthorise.error) : null} />
      <FormMessage tone="success" text={link.linked ? linkedText(link.linked) : null} />
      <FormMessage text={link.error ? errorText(link.error) : null} />
      <div className="checkbox-row">
        <input
          id={`${id}-hide`}
          type="checkbox"
          checked={hidden.value}
          onChange={(e) => {
            hidden.choose(e.target.checked);
            toggle.mutate({ hideLichessUsername: e.target.checked }, { onSettled: hidden.settle });
          }}
        />
        <label htmlFor={`${id}-hide`}>Hide Lichess username</label>
      </div>
      <p className="settings-preview">
        Others see: <span data-testid="chess-name-preview">{shownChessName(shown)}</span>
      </p>
    </section>
  );
}
