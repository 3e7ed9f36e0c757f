import { PLAY_TEXTS } from '@rush/domain';
import { errorText } from '../../api/http.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { LICHESS_LINK_HINT, LINK_REWARD, useChessLink } from '../accounts/index.ts';

/**
 * The wizard's "link your chess account first", with the link itself (issue 36): it used to send
 * the player to Account Settings to find the same button there. Linking lands back on /start.
 */
export function LinkChessNotice() {
  const link = useChessLink();
  return (
    <div className="notice link-chess-notice">
      <p>
        {PLAY_TEXTS.notLinked} Linking earns you {LINK_REWARD}; the link cannot be changed later.
      </p>
      {link.platform === 'lichess' ? <p className="field-hint">{LICHESS_LINK_HINT}</p> : null}
      <Button onClick={link.start} busy={link.isPending}>
        Link account
      </Button>
      <FormMessage text={link.error ? errorText(link.error) : null} />
    </div>
  );
}
