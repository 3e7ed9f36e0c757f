import { expect } from 'vitest';
import { LichessLinkStartResponse, PLAY_ROUTES } from '@rush/protocol';
import type { RegisteredUser } from '../realtime/support/accounts.ts';
import type { LichessEmulator } from '../support/lichess-emulator/emulator.ts';
import type { TestServer } from '../support/server.ts';

/** Linking through the emulator's /oauth, as the browser does it (issue 15). */

interface CallbackQuery {
  state?: string;
  code?: string;
  error?: string;
}

/** Starts a link as `user`, lets the emulator's /oauth approve as `login` (null: Cancel), returns the redirect back. */
export async function authorize(
  server: TestServer,
  emu: LichessEmulator,
  user: RegisteredUser,
  login: string | null,
): Promise<{ url: URL; back: CallbackQuery }> {
  emu.setNextLogin(login);
  const start = await user.client.post(PLAY_ROUTES.lichessStart, {});
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const url = new URL(LichessLinkStartResponse.parse(start.body).url);
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${server.baseUrl}/callbacklichess`);
  const q = back.searchParams;
  return {
    url,
    back: { state: q.get('state') ?? undefined, code: q.get('code') ?? undefined, error: q.get('error') ?? undefined },
  };
}

export async function link(server: TestServer, emu: LichessEmulator, user: RegisteredUser, login: string | null) {
  const { back } = await authorize(server, emu, user, login);
  return user.client.post(PLAY_ROUTES.lichessCallback, back);
}
