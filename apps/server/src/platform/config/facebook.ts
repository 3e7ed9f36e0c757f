import { providerBaseUrl } from '../http/provider-url.ts';

/** Graph API v25.0 (February 2026) is served until July 2028; FACEBOOK_API_VERSION moves it on. */
export const DEFAULT_FACEBOOK_API_VERSION = 'v25.0';
export const DEFAULT_FACEBOOK_DIALOG_URL = 'https://www.facebook.com';
export const DEFAULT_FACEBOOK_GRAPH_URL = 'https://graph.facebook.com';

/** Facebook sign-in settings (README), read by config.ts; null (off) unless both app id and secret are set. */
export interface FacebookSettings {
  /** FACEBOOK_APP_ID: the app's id, sent as client_id. */
  appId: string;
  /** FACEBOOK_APP_SECRET: proves the app at the token exchange and keys appsecret_proof. */
  appSecret: string;
  /** FACEBOOK_DIALOG_URL without a trailing slash: where the login dialog lives (tests: the emulator). */
  dialogUrl: string;
  /** FACEBOOK_GRAPH_URL without a trailing slash: the token exchange and /me (tests: the emulator). */
  graphUrl: string;
  /** FACEBOOK_API_VERSION, e.g. v25.0: both URLs carry it. */
  apiVersion: string;
}

export class FacebookSettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FacebookSettingsError';
  }
}

export function facebookSettings(input: {
  appId: string | undefined;
  appSecret: string | undefined;
  dialogUrl: string;
  graphUrl: string;
  apiVersion: string;
}): FacebookSettings | null {
  if (!input.appId || !input.appSecret) return null;
  // Facebook app ids are numeric; anything else is a pasted mistake better caught at start.
  if (!/^\d{1,32}$/.test(input.appId)) throw new FacebookSettingsError('FACEBOOK_APP_ID must be the numeric app id');
  if (!/^v\d{1,3}\.\d{1,3}$/.test(input.apiVersion)) {
    throw new FacebookSettingsError('FACEBOOK_API_VERSION must look like v25.0');
  }
  const error = (m: string) => new FacebookSettingsError(m);
  return {
    appId: input.appId,
    appSecret: input.appSecret,
    dialogUrl: providerBaseUrl(input.dialogUrl, 'FACEBOOK_DIALOG_URL', error),
    graphUrl: providerBaseUrl(input.graphUrl, 'FACEBOOK_GRAPH_URL', error),
    apiVersion: input.apiVersion,
  };
}
