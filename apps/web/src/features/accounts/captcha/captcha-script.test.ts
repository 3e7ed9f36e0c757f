import { afterEach, describe, expect, test, vi } from 'vitest';
import { loadCaptchaScript, type CaptchaApi } from './captcha-script.ts';

afterEach(() => {
  delete window.hcaptcha;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('loadCaptchaScript', () => {
  test('loads the script once, explicit render with our onload callback, and resolves with the API', async () => {
    const first = loadCaptchaScript('https://js.hcaptcha.com/1/api.js');
    const second = loadCaptchaScript('https://js.hcaptcha.com/1/api.js');
    const scripts = document.head.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    const src = new URL(scripts[0]!.src);
    expect(src.origin + src.pathname).toBe('https://js.hcaptcha.com/1/api.js');
    expect(src.searchParams.get('render')).toBe('explicit');
    const onload = src.searchParams.get('onload')!;
    // The script defines the API and calls the named callback, as hCaptcha documents.
    const api: CaptchaApi = { render: vi.fn(() => 'w'), reset: vi.fn() };
    window.hcaptcha = api;
    (window as unknown as Record<string, () => void>)[onload]!();
    await expect(first).resolves.toBe(api);
    await expect(second).resolves.toBe(api);
    // Once there, later forms get it at once.
    await expect(loadCaptchaScript('https://js.hcaptcha.com/1/api.js')).resolves.toBe(api);
  });
});
