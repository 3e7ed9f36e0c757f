import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PLAY_TEXTS } from '@rush/domain';
import { ApiError, errorText } from '../../api/http.ts';
import { finishLichessLink } from './api.ts';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { SESSION_KEY } from '../../api/session.ts';
import { linkedText, useStartLichessLink, type LinkedNotice } from './linkChess.ts';

export const LINKING_TEXT = 'Linking your Lichess account…'; // ours

/**
 * SPEC 2 /callbacklichess: Lichess sends the browser back here with `code` and `state` (or
 * `error=access_denied` when the user cancelled). The page hands them to the server once (the
 * server checks the state against the authorisation it started for this user, exchanges the code
 * with the PKCE verifier and links), shows the progress and any refusal, and on success lands on
 * /start (SPEC 2) with the link message.
 */
export function LichessCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const state = params.get('state');
  const code = params.get('code');
  const error = params.get('error');
  const finish = useMutation({
    mutationFn: finishLichessLink,
    onSuccess: (answer) => {
      const notice: LinkedNotice = { linkedNotice: linkedText(answer) };
      void navigate('/start', { replace: true, state: notice });
    },
    onSettled: () => client.invalidateQueries({ queryKey: SESSION_KEY }),
  });
  const retry = useStartLichessLink();
  // A code is good for one exchange: send it once, whatever re-renders (StrictMode included).
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || !state) return;
    sent.current = true;
    finish.mutate({ state, ...(code ? { code } : {}), ...(error ? { error } : {}) });
  }, [finish, state, code, error]);

  const failure = !state ? PLAY_TEXTS.lichessStateMismatch : finish.isError ? errorText(finish.error) : null;
  // Another account, or one already taken, is final (SPEC 1): trying again would not change it.
  const final = finish.error instanceof ApiError && finish.error.status === 409;
  return (
    <section className="page lichess-callback" aria-labelledby="lichess-callback-title">
      <title>Linking your Lichess account</title>
      <h1 id="lichess-callback-title">Linking your Lichess account</h1>
      {failure ? (
        <>
          <FormMessage text={failure} />
          <FormMessage text={retry.isError ? errorText(retry.error) : null} />
          <p className="actions">
            {final ? null : (
              <Button onClick={() => retry.mutate()} busy={retry.isPending || retry.isSuccess}>
                Try again
              </Button>
            )}{' '}
            <Link to="/">Back to the dashboard</Link>
          </p>
        </>
      ) : (
        <p role="status">{LINKING_TEXT}</p>
      )}
    </section>
  );
}
