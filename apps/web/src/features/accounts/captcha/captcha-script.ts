/**
 * hCaptcha's browser API (https://docs.hcaptcha.com/configuration): the script defines
 * `window.hcaptcha`; with `render=explicit` nothing renders until `render(container, params)`,
 * whose `callback` receives the token to post as `h-captcha-response` (ours: `captchaToken`).
 */
export interface CaptchaApi {
  render(
    container: HTMLElement,
    params: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
    },
  ): string | number;
  reset(widgetId?: string | number): void;
}

declare global {
  interface Window {
    hcaptcha?: CaptchaApi;
    rushCaptchaReady?: () => void;
  }
}

const ONLOAD = 'rushCaptchaReady';
let loading: Promise<CaptchaApi> | null = null;

/**
 * Loads the widget script once per page (every form shares it). Resolves when the API is there:
 * from the documented `onload` callback, or at the script's load event if it defined the API
 * synchronously. A failed load may be retried by the next form that mounts.
 */
export function loadCaptchaScript(src: string): Promise<CaptchaApi> {
  if (window.hcaptcha) return Promise.resolve(window.hcaptcha);
  loading ??= new Promise<CaptchaApi>((resolve, reject) => {
    const ready = () => {
      if (window.hcaptcha) resolve(window.hcaptcha);
    };
    window[ONLOAD] = ready;
    const url = new URL(src, window.location.href);
    url.searchParams.set('render', 'explicit');
    url.searchParams.set('onload', ONLOAD);
    const script = document.createElement('script');
    script.src = url.toString();
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('captcha script failed to load'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
