import crypto from 'node:crypto';
import { ACCOUNT_ROUTES } from '@rush/protocol';

/**
 * Registers a fresh user on the server as a browser would (CSRF cookie echoed in the header,
 * our Origin) and returns the Cookie header of its session.
 */
export async function registerAndGetCookie(baseUrl: string): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
  };
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const post = (route: string, body: unknown) =>
    fetch(baseUrl + route, {
      method: 'POST',
      headers: {
        origin: baseUrl,
        'content-type': 'application/json',
        'x-csrf-token': cookies.get('csrf') ?? '',
        cookie: header(),
      },
      body: JSON.stringify(body),
    });

  keep(await fetch(baseUrl + ACCOUNT_ROUTES.session, { headers: { origin: baseUrl } }));
  const username = `b${crypto.randomBytes(4).toString('hex')}`.slice(0, 10);
  const password = 'Bench#1234';
  const res = await post(ACCOUNT_ROUTES.register, {
    username,
    email: `${username}@example.com`,
    dob: { year: 1990, month: 1, day: 1 },
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  if (!res.ok) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  keep(res);
  // Registration signs nobody in (it answers a taken address like a new one): log in.
  const login = await post(ACCOUNT_ROUTES.login, { identifier: username, password });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  keep(login);
  if (!cookies.has('sid')) throw new Error('login gave no session cookie');
  return header();
}
