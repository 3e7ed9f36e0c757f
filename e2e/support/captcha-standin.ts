import http from 'node:http';

export const CAPTCHA_SITE_KEY = 'e2e-site-key';
export const CAPTCHA_SECRET = 'e2e-secret';

/**
 * A stand-in for hCaptcha's script (`window.hcaptcha.render(container, { sitekey, callback })`,
 * `reset(id)`, the `onload` callback named in the script URL). Each widget is an "I am human"
 * checkbox whose tick hands a token to `callback`. It also loads a frame and makes a fetch to its
 * own origin, as the real widget does, so a CSP without this origin in frame-src or connect-src
 * breaks it visibly.
 */
function widgetScript(origin: string): string {
  return `(() => {
  let next = 0;
  const widgets = new Map();
  window.hcaptcha = {
    render(container, params) {
      const id = 'w' + (++next);
      if (params.sitekey !== ${JSON.stringify(CAPTCHA_SITE_KEY)}) throw new Error('unknown site key');
      const frame = document.createElement('iframe');
      frame.title = 'captcha frame';
      frame.src = ${JSON.stringify(origin)} + '/captcha/frame';
      frame.width = '300';
      frame.height = '40';
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      label.append(box, ' I am human');
      box.disabled = true;
      fetch(${JSON.stringify(origin)} + '/captcha/challenge').then((r) => r.json()).then((c) => {
        box.disabled = false;
        box.addEventListener('change', () => {
          if (box.checked) params.callback('e2e-good-token-' + c.n);
        });
      });
      container.append(frame, label);
      widgets.set(id, box);
      return id;
    },
    reset(id) {
      const box = widgets.get(id);
      if (box) box.checked = false;
    },
  };
  const onload = new URL(document.currentScript.src).searchParams.get('onload');
  if (onload && typeof window[onload] === 'function') window[onload]();
})();
`;
}

export interface CaptchaStandIn {
  origin: string;
  scriptUrl: string;
  verifyUrl: string;
  /** Every siteverify call the app made: the form it posted and the answer. */
  verifications: { form: Record<string, string>; success: boolean }[];
  close(): Promise<void>;
}

/** Serves the stand-in widget script, its frame and challenge, and an emulator of siteverify. */
export async function startCaptchaStandIn(port: number): Promise<CaptchaStandIn> {
  const origin = `http://127.0.0.1:${port}`;
  const verifications: CaptchaStandIn['verifications'] = [];
  let challenges = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (req.method === 'GET' && url.pathname === '/captcha/api.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      res.end(widgetScript(origin));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/captcha/frame') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><p>stand-in widget</p>');
      return;
    }
    if (req.method === 'GET' && url.pathname === '/captcha/challenge') {
      // Called cross-origin by the page, like the real widget's API calls.
      res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' });
      res.end(JSON.stringify({ n: ++challenges }));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/siteverify') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = Object.fromEntries(new URLSearchParams(body));
        const success =
          form.secret === CAPTCHA_SECRET &&
          form.sitekey === CAPTCHA_SITE_KEY &&
          typeof form.response === 'string' &&
          form.response.startsWith('e2e-good-token-');
        verifications.push({ form, success });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin,
    scriptUrl: `${origin}/captcha/api.js`,
    verifyUrl: `${origin}/siteverify`,
    verifications,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
