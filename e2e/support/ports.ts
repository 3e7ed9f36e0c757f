/** Fixed loopback ports of the e2e stack (override with env when they clash). */
export const E2E = {
  appPort: Number(process.env.E2E_APP_PORT ?? 3100),
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 2526),
  mailApiPort: Number(process.env.E2E_MAIL_API_PORT ?? 3126),
  oidcPort: Number(process.env.E2E_OIDC_PORT ?? 3190),
  facebookPort: Number(process.env.E2E_FACEBOOK_PORT ?? 3191),
};
export const APP_URL = `http://127.0.0.1:${E2E.appPort}`;
export const MAIL_API = `http://127.0.0.1:${E2E.mailApiPort}`;
/** The landing's community link in the journeys (SPEC 2; a setting, no page is fetched). */
export const E2E_COMMUNITY_URL = 'https://community.rushchess.example/';
