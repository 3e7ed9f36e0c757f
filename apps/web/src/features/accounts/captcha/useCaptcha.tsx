import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { TEXTS } from '@rush/domain';
import { FieldError } from '../../../ui/Field.tsx';
import { useAppConfig } from '../../../api/session.ts';
import { loadCaptchaScript, type CaptchaApi } from './captcha-script.ts';

export interface Captcha {
  /** False when the server has no captcha configured: forms send no token. */
  enabled: boolean;
  /** The solved token, or null (unsolved, expired, or used by a submission). */
  token: string | null;
  /** The widget with its error line; render it inside the form. */
  widget: ReactNode;
  /** Tokens work once: after a submission the widget is asked again. */
  reset(): void;
}

/**
 * The captcha of the auth forms (issue 12): the configured widget, its token, and its error
 * (`error`, e.g. the server's `fields.captchaToken` or "solve it first").
 */
export function useCaptcha(error: string | undefined): Captcha {
  const { captchaSiteKey, captchaScriptUrl } = useAppConfig();
  const enabled = Boolean(captchaSiteKey && captchaScriptUrl);
  const container = useRef<HTMLDivElement | null>(null);
  const api = useRef<{ api: CaptchaApi; id: string | number } | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    if (!enabled || !captchaSiteKey || !captchaScriptUrl) return;
    let cancelled = false;
    loadCaptchaScript(captchaScriptUrl).then(
      (loaded) => {
        const el = container.current;
        if (cancelled || !el) return;
        el.replaceChildren();
        const id = loaded.render(el, {
          sitekey: captchaSiteKey,
          callback: (t) => setToken(t),
          'expired-callback': () => setToken(null),
          'error-callback': () => setToken(null),
        });
        api.current = { api: loaded, id };
      },
      () => {
        if (!cancelled) setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
      api.current = null;
    };
  }, [enabled, captchaSiteKey, captchaScriptUrl]);

  const reset = useCallback(() => {
    setToken(null);
    const current = api.current;
    if (current) current.api.reset(current.id);
  }, []);

  const widget = enabled ? (
    <div className="captcha-field">
      <div ref={container} className="captcha-widget" />
      {loadFailed ? <FieldError id="captcha-load-error" error={TEXTS.captchaUnavailable} /> : null}
      <FieldError id="captcha-error" error={error} />
    </div>
  ) : null;

  return { enabled, token, widget, reset };
}
