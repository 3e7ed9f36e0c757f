import { AVATAR_MAX_BYTES } from '../accounts/appearance.ts';
import { checkChatText, type ChatCheck } from '../text/chat.ts';
import { codePointLength as length, multiLine, oneLine } from '../text/control.ts';
import { SOCIAL_TEXTS } from './texts.ts';

/** SPEC 5, 9 limits of the social forms. */
export const REPORT_REASON_MAX = 120;
export const BUG_TITLE_MAX = 120;
export const BUG_PLATFORM_MAX = 120;
export const BUG_DESCRIPTION_MIN = 15;
export const BUG_DESCRIPTION_MAX = 600;
export const BUG_IMAGES_MAX = 3;
/** Not in the SPEC: the avatar's bound, so one upload limit holds for every picture. */
export const BUG_IMAGE_MAX_BYTES = AVATAR_MAX_BYTES; // ours
/** SPEC 5: bug images jpeg, png, jpg (the declared types a picker may offer). */
export const BUG_IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;

/**
 * SPEC 5 "Friend add by name containing @ ignored": the invite box takes a username, never an
 * email, and nothing is sent for an empty or @ name. Returns the trimmed name to send, or null.
 */
export function friendNameInput(raw: string): string | null {
  const name = raw.trim();
  if (name.length === 0 || name.includes('@')) return null;
  return name;
}

export type DirectMessageCheck = ChatCheck | { ok: false; reason: 'noReceiver' | 'self'; message: string };

/**
 * SPEC 5 friend chat: the shared chat rule (text/chat.ts `checkChatText`: trimmed, empty not
 * sent, at most 140) plus a receiver who is someone else.
 */
export function checkDirectMessage(opts: {
  sender: string;
  receiver: string | null | undefined;
  text: string;
}): DirectMessageCheck {
  if (!opts.receiver) return { ok: false, reason: 'noReceiver', message: SOCIAL_TEXTS.messageNoReceiver };
  if (opts.receiver === opts.sender) return { ok: false, reason: 'self', message: SOCIAL_TEXTS.messageSelf };
  return checkChatText(opts.text);
}

export type PlayerReportCheck =
  | { ok: true; target: string; reason: string }
  | { ok: false; reason: 'noTarget' | 'self' | 'tooLong'; message: string };

/**
 * SPEC 5 "Report reason max 120; nothing sent without target uid". An empty reason is allowed:
 * the SPEC asks for none, and the report itself is what the withdrawal restriction reads.
 */
export function checkPlayerReport(opts: {
  reporter: string | null | undefined;
  target: string | null | undefined;
  reason: string;
}): PlayerReportCheck {
  const target = opts.target?.trim() ?? '';
  if (target.length === 0) return { ok: false, reason: 'noTarget', message: SOCIAL_TEXTS.reportNoTarget };
  if (opts.reporter === target) return { ok: false, reason: 'self', message: SOCIAL_TEXTS.reportSelf };
  const reason = oneLine(opts.reason);
  if (length(reason) > REPORT_REASON_MAX) {
    return { ok: false, reason: 'tooLong', message: SOCIAL_TEXTS.reportReasonTooLong };
  }
  return { ok: true, target, reason };
}

export type ImageKind = 'image/jpeg' | 'image/png';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Uint8Array, sig: readonly number[]): boolean =>
  bytes.length >= sig.length && sig.every((b, i) => bytes[i] === b);

/**
 * SPEC 5 bug images are "checked by content": the kind the bytes say, whatever the file name
 * or declared type claim. Null for anything that is not a JPEG or a PNG (GIF, text, too short).
 */
export function imageKindOf(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

export interface BugReportInput {
  title: string;
  platform: string;
  description: string;
  images: readonly Uint8Array[];
}

export interface BugReportValue {
  title: string;
  platform: string;
  description: string;
  images: { kind: ImageKind; bytes: Uint8Array }[];
}

export type BugReportErrors = Partial<Record<'title' | 'platform' | 'description' | 'images', string>>;
export type BugReportCheck = { ok: true; value: BugReportValue } | { ok: false; errors: BugReportErrors };

function checkRequired(value: string, max: number, required: string, tooLong: string): string | null {
  if (value.length === 0) return required;
  if (length(value) > max) return tooLong;
  return null;
}

function checkImages(images: readonly Uint8Array[]): { error: string } | { value: BugReportValue['images'] } {
  if (images.length > BUG_IMAGES_MAX) return { error: SOCIAL_TEXTS.bugTooManyImages };
  const value: BugReportValue['images'] = [];
  for (const bytes of images) {
    if (bytes.length > BUG_IMAGE_MAX_BYTES) return { error: SOCIAL_TEXTS.bugImageTooLarge };
    const kind = imageKindOf(bytes);
    if (!kind) return { error: SOCIAL_TEXTS.bugImageType };
    value.push({ kind, bytes });
  }
  return { value };
}

/**
 * SPEC 5 bug report: title required max 120, platform required max 120, description required
 * 15-600, at most 3 images, each a JPEG or PNG by its bytes. Every field's first error at once,
 * so the modal can show them all.
 */
export function checkBugReport(input: BugReportInput): BugReportCheck {
  const title = oneLine(input.title);
  const platform = oneLine(input.platform);
  const description = multiLine(input.description);
  const errors: BugReportErrors = {};
  const titleError = checkRequired(title, BUG_TITLE_MAX, SOCIAL_TEXTS.bugTitleRequired, SOCIAL_TEXTS.bugTitleTooLong);
  if (titleError) errors.title = titleError;
  const platformError = checkRequired(
    platform,
    BUG_PLATFORM_MAX,
    SOCIAL_TEXTS.bugPlatformRequired,
    SOCIAL_TEXTS.bugPlatformTooLong,
  );
  if (platformError) errors.platform = platformError;
  if (description.length === 0) errors.description = SOCIAL_TEXTS.bugDescriptionRequired;
  else if (length(description) < BUG_DESCRIPTION_MIN) errors.description = SOCIAL_TEXTS.bugDescriptionTooShort;
  else if (length(description) > BUG_DESCRIPTION_MAX) errors.description = SOCIAL_TEXTS.bugDescriptionTooLong;
  const images = checkImages(input.images);
  if ('error' in images) errors.images = images.error;
  if (Object.keys(errors).length > 0 || 'error' in images) return { ok: false, errors };
  return { ok: true, value: { title, platform, description, images: images.value } };
}
