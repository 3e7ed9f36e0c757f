import {
  ACCOUNT_ROUTES,
  PLAY_ROUTES,
  type LichessLinkCallbackRequest,
  type Me,
  type LoginRequest,
  type RegisterRequest,
  type UserSettings,
} from '@rush/protocol';
import type { DateOfBirth, UsernameColorId } from '@rush/domain';
import { request, type Parser } from '../../api/http.ts';
import type { Schemas } from '../../api/schemaLoader.ts';

/** The HTTP calls of the accounts capability, one function per route of ACCOUNT_ROUTES. */

/**
 * Account changes answer with the updated user (`Me`, or `{ user: Me }`); anything else yields
 * null and the caller refetches the session instead.
 */
const updatedMe = (s: Schemas): Parser<Me | null> => ({
  safeParse(input: unknown) {
    const direct = s.Me.safeParse(input);
    if (direct.success) return { success: true, data: direct.data };
    const wrapped = s.SessionResponse.safeParse(input);
    return { success: true, data: wrapped.success ? wrapped.data.user : null };
  },
});

/** No session: the answer is the same message for a new and a taken address (issue 10). */
export const register = (body: RegisterRequest) =>
  request('POST', ACCOUNT_ROUTES.register, { json: body, schema: (s) => s.MessageResponse });

export const login = (body: LoginRequest) =>
  request('POST', ACCOUNT_ROUTES.login, { json: body, schema: (s) => s.SessionResponse });

export const logout = () => request('POST', ACCOUNT_ROUTES.logout, { json: {} });

export const resendVerification = () =>
  request('POST', ACCOUNT_ROUTES.resendVerification, { json: {}, schema: (s) => s.MessageResponse });

export const forgotPassword = (body: { email: string; captchaToken?: string }) =>
  request('POST', ACCOUNT_ROUTES.forgotPassword, { json: body, schema: (s) => s.MessageResponse });

export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  request('POST', ACCOUNT_ROUTES.resetPassword, { json: body, schema: (s) => s.MessageResponse });

export const changeUsername = (username: string) =>
  request('PATCH', ACCOUNT_ROUTES.username, { json: { username }, schema: updatedMe });

/** SPEC 5: the date of birth an account a sign-in provider made gives first. */
export const setDateOfBirth = (dob: DateOfBirth) =>
  request('POST', ACCOUNT_ROUTES.dateOfBirth, { json: { dob }, schema: updatedMe });

export const changeColor = (color: UsernameColorId) =>
  request('PATCH', ACCOUNT_ROUTES.color, { json: { color }, schema: updatedMe });

export const changeSettings = (settings: Partial<UserSettings>) =>
  request('PATCH', ACCOUNT_ROUTES.settings, { json: settings, schema: updatedMe });

export const setRecoveryEmail = (body: { email: string; currentPassword: string }) =>
  request('PUT', ACCOUNT_ROUTES.recoveryEmail, { json: body, schema: updatedMe });

export const changePassword = (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
  request('POST', ACCOUNT_ROUTES.password, { json: body, schema: (s) => s.MessageResponse });

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request('POST', ACCOUNT_ROUTES.avatar, { form, schema: updatedMe });
}

/** Linking the chess account (PLAY_ROUTES; CHESS_PLATFORM builtin or lichess, issue 15). */
export const linkChessAccount = () =>
  request('POST', PLAY_ROUTES.link, { json: {}, schema: (s) => s.LinkChessResponse });

/** CHESS_PLATFORM=lichess: the authorization URL to send the browser to (issue 15). */
export const startLichessLink = () =>
  request('POST', PLAY_ROUTES.lichessStart, { json: {}, schema: (s) => s.LichessLinkStartResponse });

/** CHESS_PLATFORM=lichess: the link with its token checked (re-authorisation needed or not). */
export const fetchLichessLinkStatus = () =>
  request('GET', PLAY_ROUTES.lichessStatus, { schema: (s) => s.LichessLinkStatusResponse });

/** /callbacklichess: what Lichess put on the URL, for the server to finish the link. */
export const finishLichessLink = (body: LichessLinkCallbackRequest) =>
  request('POST', PLAY_ROUTES.lichessCallback, { json: body, schema: (s) => s.LinkChessResponse });
