import crypto from 'node:crypto';
import { ACCOUNT_ROUTES } from '@rush/protocol';
import { TestClient } from '../../support/http-client.ts';

export interface RegisteredUser {
  client: TestClient;
  uid: string;
  username: string;
  password: string;
}

/** Registers a fresh user through the real API and logs in; `client` then holds its session cookie. */
export async function register(server: { baseUrl: string }): Promise<RegisteredUser> {
  const username = `r${crypto.randomBytes(4).toString('hex')}`.slice(0, 10);
  const password = 'Secret#123';
  const client = new TestClient(server.baseUrl);
  const res = await client.post(ACCOUNT_ROUTES.register, {
    username,
    email: `${username}@example.com`,
    dob: { year: 1990, month: 5, day: 17 },
    password,
    confirmPassword: password,
    acceptTerms: true,
  });
  if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  // Registration signs nobody in (it answers a taken address like a new one): log in.
  const signed = await client.post(ACCOUNT_ROUTES.login, { identifier: username, password });
  if (signed.status !== 200) throw new Error(`login failed: ${signed.status} ${JSON.stringify(signed.body)}`);
  return { client, uid: signed.body.user.uid, username, password };
}
