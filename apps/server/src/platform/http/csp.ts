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
 * The Content-Security-Policy of every page. Same-origin only, except that a configured
 * captcha adds its sources to script-src, frame-src, style-src and connect-src (and only then:
 * an unused third party must not be allowed to run script on our pages).
 */
export function contentSecurityDirectives(config: Pick<Config, 'appOrigin' | 'captcha'>): Record<string, string[]> {
  const captcha = config.captcha ? captchaSources(config.captcha.scriptUrl) : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...captcha],
    styleSrc: ["'self'", "'unsafe-inline'", ...captcha],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", config.appOrigin.replace(/^http/, 'ws'), ...captcha],
    frameSrc: ["'self'", ...captcha],
    frameAncestors: ["'self'"],
    formAction: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
  };
}
