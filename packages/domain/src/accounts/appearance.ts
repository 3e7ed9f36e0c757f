/** SPEC 3: username colours username_color_000001..5: dark navy, cyan, pink, red, yellow. */
export const USERNAME_COLORS = [
  { id: 'username_color_000001', name: 'dark navy', hex: '#1b2a4a' },
  { id: 'username_color_000002', name: 'cyan', hex: '#19b5c9' },
  { id: 'username_color_000003', name: 'pink', hex: '#e85aa5' },
  { id: 'username_color_000004', name: 'red', hex: '#e0403a' },
  { id: 'username_color_000005', name: 'yellow', hex: '#e8c21a' },
] as const;

export type UsernameColorId = (typeof USERNAME_COLORS)[number]['id'];
export const USERNAME_COLOR_IDS = USERNAME_COLORS.map((c) => c.id) as [UsernameColorId, ...UsernameColorId[]];
export const DEFAULT_USERNAME_COLOR: UsernameColorId = 'username_color_000001';
/** Whether a stored value is one of the SPEC's colour ids (rows may hold anything). */
export const isUsernameColor = (v: string): v is UsernameColorId =>
  (USERNAME_COLOR_IDS as readonly string[]).includes(v);

/** SPEC 3: verified levels. */
export const VERIFIED_LEVELS = [
  'notVerified',
  'bypassAll',
  'bypassProvisional',
  'bypassMinReq',
  'contentCreator',
] as const;
export type VerifiedLevel = (typeof VERIFIED_LEVELS)[number];

/** SPEC 5: avatar formats png, jpg, jpeg only. */
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg', 'image/jpg'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
