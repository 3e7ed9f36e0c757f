import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { TEXTS } from '@rush/domain';
import { SESSION_KEY } from '../../api/session.ts';

export const EMAIL_VERIFIED_PARAM = 'emailVerified';

/** The verification link lands on /?emailVerified=1 (or 0): say how it went. */
export function EmailVerifiedNotice() {
  const [params, setParams] = useSearchParams();
  const value = params.get(EMAIL_VERIFIED_PARAM);
  const client = useQueryClient();

  useEffect(() => {
    if (value === '1') void client.invalidateQueries({ queryKey: SESSION_KEY });
  }, [value, client]);

  if (value === null) return null;
  const ok = value === '1';
  return (
    <div className={`notice ${ok ? 'notice-success' : 'notice-error'}`} role={ok ? 'status' : 'alert'}>
      <span>{ok ? TEXTS.emailVerified : TEXTS.resetLinkInvalid}</span>
      <button
        type="button"
        className="btn btn-ghost"
        onClick={() =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.delete(EMAIL_VERIFIED_PARAM);
              return next;
            },
            { replace: true },
          )
        }
      >
        Dismiss
      </button>
    </div>
  );
}
