import type { Config } from '../../config.ts';

/** hCaptcha's documented CSP sources: its script, frames, styles and API calls live under these. */
const HCAPTCHA_SOURCES = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];

/**
 * Where the captcha widget loads from: the script URL's origin, plus hCaptcha's own hosts when
 * the script is hCaptcha's (the widget frames and calls other subdomains than the script's).
 */
export function captchaSources(scriptUrl: string): string[] {
  const url = new URL(scriptUrl);
  const host = url.hostname;
  if (host === 'hcaptcha.com' || host.endsWith('.hcaptcha.com')) return [...HCAPTCHA_SOURCES];
  return [url.origin];
}

/**
 * Where the wallet provider's pages (the deposit checkout, the withdraw flow) may be framed from
 * with PAYMENTS=dots: its API's origin and Dots' own hosts, production and sandbox. Dots does not
 * publish the host of its hosted pages (`checkout_session_url`, a flow's `link`), hence the
 * wildcards over its two domains (issue 32: without them the deposit iframe was refused).
 */
export function paymentFrameSources(dotsUrl: string | undefined): string[] {
  if (!dotsUrl) return [];
  return [new URL(dotsUrl).origin, 'https://*.dots.dev', 'https://*.senddotssandbox.com'];
}

/**
 * The Content-Security-Policy of every page. Same-origin only, except that a configured
 * captcha adds its sources to script-src, frame-src, style-src and connect-src (and only then:
 * an unused third party must not be allowed to run script on our pages), and a real wallet
 * provider adds its pages to frame-src.
 */
export function contentSecurityDirectives(
  config: Pick<Config, 'appOrigin' | 'captcha'> & { dots?: { url: string } | null },
): Record<string, string[]> {
  const captcha = config.captcha ? captchaSources(config.captcha.scriptUrl) : [];
  const payments = paymentFrameSources(config.dots?.url);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...captcha],
    styleSrc: ["'self'", "'unsafe-inline'", ...captcha],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", config.appOrigin.replace(/^http/, 'ws'), ...captcha],
    frameSrc: ["'self'", ...captcha, ...payments],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
  };
}
