import {
  ACCOUNT_ROUTES,
  AppConfigResponse,
  Me,
  MessageResponse,
  PresenceCount,
  SessionResponse,
  type LoginRequest,
  type RegisterRequest,
  type UserSettings,
} from '@rush/protocol';
import type { UsernameColorId } from '@rush/domain';
import { request, type Parser } from './http.ts';

/** The HTTP calls of the accounts capability, one function per route of ACCOUNT_ROUTES. */

/**
 * Account changes answer with the updated user (`Me`, or `{ user: Me }`); anything else yields
 * null and the caller refetches the session instead.
 */
const UpdatedMe: Parser<Me | null> = {
  safeParse(input: unknown) {
    const direct = Me.safeParse(input);
    if (direct.success) return { success: true, data: direct.data };
    const wrapped = SessionResponse.safeParse(input);
    return { success: true, data: wrapped.success ? wrapped.data.user : null };
  },
};

export const fetchAppConfig = () => request('GET', ACCOUNT_ROUTES.appConfig, { schema: AppConfigResponse });

export const fetchSession = () => request('GET', ACCOUNT_ROUTES.session, { schema: SessionResponse });

/** No session: the answer is the same message for a new and a taken address (issue 10). */
export const register = (body: RegisterRequest) =>
  request('POST', ACCOUNT_ROUTES.register, { json: body, schema: MessageResponse });

export const login = (body: LoginRequest) =>
  request('POST', ACCOUNT_ROUTES.login, { json: body, schema: SessionResponse });

export const logout = () => request('POST', ACCOUNT_ROUTES.logout, { json: {} });

export const resendVerification = () =>
  request('POST', ACCOUNT_ROUTES.resendVerification, { json: {}, schema: MessageResponse });

export const forgotPassword = (body: { email: string; captchaToken?: string }) =>
  request('POST', ACCOUNT_ROUTES.forgotPassword, { json: body, schema: MessageResponse });

export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) =>
  request('POST', ACCOUNT_ROUTES.resetPassword, { json: body, schema: MessageResponse });

export const changeUsername = (username: string) =>
  request('PATCH', ACCOUNT_ROUTES.username, { json: { username }, schema: UpdatedMe });

export const changeColor = (color: UsernameColorId) =>
  request('PATCH', ACCOUNT_ROUTES.color, { json: { color }, schema: UpdatedMe });

export const changeSettings = (settings: Partial<UserSettings>) =>
  request('PATCH', ACCOUNT_ROUTES.settings, { json: settings, schema: UpdatedMe });

export const setRecoveryEmail = (body: { email: string; currentPassword: string }) =>
  request('PUT', ACCOUNT_ROUTES.recoveryEmail, { json: body, schema: UpdatedMe });

export const changePassword = (body: { currentPassword: string; newPassword: string; confirmPassword: string }) =>
  request('POST', ACCOUNT_ROUTES.password, { json: body, schema: MessageResponse });

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return request('POST', ACCOUNT_ROUTES.avatar, { form, schema: UpdatedMe });
}

/** The current online count (the `presence` topic keeps it live afterwards). */
export const fetchPresence = () => request('GET', ACCOUNT_ROUTES.presence, { schema: PresenceCount });
