import { z } from 'zod';
import { REALITY_CHECK_INTERVALS, USERNAME_COLOR_IDS, VERIFIED_LEVELS } from '@rush/domain';

/** Bounded strings: the edge refuses oversized input before any rule runs. */
const str = (max: number) => z.string().max(max);

export const Balances = z.object({
  usd: z.number().int().nullable(), // minor units (cents)
  wbx: z.number().int().nullable(), // minor units (hundredths of RC)
});
export type Balances = z.infer<typeof Balances>;

export const UserSettings = z.object({
  showDollar: z.boolean(),
  showWbx: z.boolean(),
  hideLichessUsername: z.boolean(),
  /** Issue 19: game sounds off (move, capture, check, start, low time), remembered per user. */
  soundMuted: z.boolean(),
  /** Issue 37: minutes between reality checks (0 = off); 60 for new accounts and older ones. */
  realityCheckMinutes: z.union(REALITY_CHECK_INTERVALS.map((m) => z.literal(m))),
});
export type UserSettings = z.infer<typeof UserSettings>;

export const Me = z.object({
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** The verified recovery address: the only one forgot-password mails (issue 10). */
  recoveryEmail: z.string().nullable(),
  /** A new recovery address waiting for its link to be opened; not used until then. */
  pendingRecoveryEmail: z.string().nullable(),
  role: z.enum(['user', 'admin']),
  verifiedLevel: z.enum(VERIFIED_LEVELS),
  usernameColor: z.enum(USERNAME_COLOR_IDS),
  avatarUrl: z.string().nullable(),
  settings: UserSettings,
  banned: z.boolean(),
  closed: z.boolean(),
  /** SPEC 5: an account made through a sign-in provider gives its date of birth before anything else. */
  needsDateOfBirth: z.boolean(),
  chessUsername: z.string().nullable(),
  balances: Balances,
  pendingFriendInvites: z.number().int(),
  /** Issue 37: the end of a break the user is taking (ISO), null when none: the header and game screens show it. */
  coolOffUntil: z.string().nullable().optional(),
  /** Public id of this session; a `session.replaced` event naming another id signs this page out. */
  sessionId: z.string(),
  createdAt: z.string(),
});
export type Me = z.infer<typeof Me>;

export const SessionResponse = z.object({ user: Me.nullable() });
export type SessionResponse = z.infer<typeof SessionResponse>;

export const AppConfigResponse = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  googleEnabled: z.boolean(),
  /** Facebook sign-in is configured (FACEBOOK_APP_ID and FACEBOOK_APP_SECRET): the web shows its button. */
  facebookEnabled: z.boolean(),
  captchaSiteKey: z.string().nullable(),
  /** The widget script to load with the site key (null when the captcha is off). */
  captchaScriptUrl: z.string().nullable(),
  protocolVersion: z.number().int(),
  /** PAYMENTS on the server: in `sandbox` every USD amount carries a visible Sandbox mark. */
  payments: z.enum(['sandbox', 'off', 'dots']),
  /** CHESS_PLATFORM: `lichess` links through Lichess's authorisation page (issue 15). */
  chessPlatform: z.enum(['builtin', 'lichess']).default('builtin'),
  /** COMMUNITY_URL: the landing's community link (SPEC 2); null hides it. */
  communityUrl: z.string().nullable().default(null),
});
export type AppConfigResponse = z.infer<typeof AppConfigResponse>;

export const DateOfBirthInput = z.object({
  year: z.number().int().min(0).max(9999),
  month: z.number().int().min(0).max(99),
  day: z.number().int().min(0).max(99),
});

/** The date of birth of an account made through a sign-in provider, given once. */
export const DateOfBirthRequest = z.object({ dob: DateOfBirthInput });

export const RegisterRequest = z.object({
  username: str(64),
  email: str(320),
  dob: DateOfBirthInput.nullable(),
  password: str(128),
  confirmPassword: str(128),
  acceptTerms: z.boolean(),
  captchaToken: str(4096).optional(),
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

export const LoginRequest = z.object({
  identifier: str(320),
  password: str(128),
  captchaToken: str(4096).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const ForgotPasswordRequest = z.object({ email: str(320), captchaToken: str(4096).optional() });
export const ResetPasswordRequest = z.object({
  token: str(200),
  password: str(128),
  confirmPassword: str(128),
});
export const VerifyEmailRequest = z.object({ token: str(200) });
/**
 * The query of a mailed verification link (a browser navigation): a token that is missing or
 * not one reads as none, and the link lands on the app with its outcome, never a 400.
 */
export const VerifyLinkQuery = z.object({ token: VerifyEmailRequest.shape.token.optional().catch(undefined) });
export const MessageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponse>;
export const OkResponse = z.object({ ok: z.literal(true) });
/** Body of the POSTs that carry no data (logout, resend-verification): `{}` or no body at all. */
export const EmptyRequest = z.object({}).strict();

export const ChangeUsernameRequest = z.object({ username: str(64) });
export const ChangeColorRequest = z.object({ color: z.enum(USERNAME_COLOR_IDS) });
export const ChangeSettingsRequest = UserSettings.partial().strict();
/** A new recovery address needs the current password (issue 10: a session alone must not redirect resets). */
export const RecoveryEmailRequest = z.object({ email: str(320), currentPassword: str(128) });
export const ChangePasswordRequest = z.object({
  currentPassword: str(128),
  newPassword: str(128),
  confirmPassword: str(128),
});

export const PresenceCount = z.object({ online: z.number().int() });

/** Answer of login: the signed-in user (the session cookie is set alongside). */
export const AuthResponse = z.object({ user: Me });
export type AuthResponse = z.infer<typeof AuthResponse>;

/**
 * Answer of register: the same message whether the address was new or already had an account
 * (issue 10: no enumeration), and no session; the mailed link finishes the sign-up.
 */
export const RegisterResponse = MessageResponse;
export type RegisterResponse = MessageResponse;
