import crypto from 'node:crypto';
import type http from 'node:http';
import { answer, userJson } from './answers.ts';
import type { DotsState } from './state.ts';
import { WRONG_CODE_TEXT } from './switches.ts';

/**
 * Dots users and their phone verification (docs.dots.dev, "Users"):
 *   POST /api/v2/users, GET /api/v2/users/{id}       Create / Retrieve a User (wallet in cents)
 *   POST /api/v2/users/{id}/send-verification-token   {use_voice?} -> 202
 *   POST /api/v2/users/{id}/verify                    {token} -> 200 | 400 (body: a switch)
 */

export function createUser(st: DotsState, body: Record<string, unknown>, res: http.ServerResponse): void {
  if (!/^\d+$/.test(body.phone_number as string)) return answer(st, res, 400, { message: 'Invalid phone number' });
  // Dots: "a dots user will be created if one does not exist based on phone number".
  let u = [...st.users.values()].find(
    (x) => x.phoneNumber === body.phone_number && x.countryCode === body.country_code,
  );
  if (!u) {
    u = {
      id: crypto.randomUUID(),
      email: body.email as string,
      countryCode: body.country_code as string,
      phoneNumber: body.phone_number as string,
      firstName: body.first_name as string,
      lastName: body.last_name as string,
      username: typeof body.username === 'string' ? body.username : null,
      verified: false,
      smsCode: null,
      smsCount: 0,
      codeChannels: [],
      wallet: 0,
    };
    st.users.set(u.id, u);
  }
  return answer(st, res, 200, userJson(u));
}

export function sendVerificationToken(
  st: DotsState,
  id: string,
  body: Record<string, unknown>,
  res: http.ServerResponse,
): void {
  const u = st.users.get(id);
  if (!u) return answer(st, res, 404, { message: 'User not found' });
  u.smsCode = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  u.smsCount++;
  u.codeChannels.push(body.use_voice === true ? 'voice' : 'sms');
  return answer(st, res, 202);
}

export function verify(st: DotsState, id: string, body: Record<string, unknown>, res: http.ServerResponse): void {
  const u = st.users.get(id);
  if (!u) return answer(st, res, 404, { message: 'User not found' });
  if (!u.smsCode || body.token !== u.smsCode) {
    return st.verifyRefusal === 'empty'
      ? answer(st, res, 400)
      : answer(st, res, 400, { [st.verifyRefusal]: WRONG_CODE_TEXT });
  }
  u.verified = true;
  u.smsCode = null;
  return answer(st, res, 200);
}

export function getUser(st: DotsState, id: string, res: http.ServerResponse): void {
  const u = st.users.get(id);
  return u ? answer(st, res, 200, userJson(u)) : answer(st, res, 404, { message: 'User not found' });
}
