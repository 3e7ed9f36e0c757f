import { describe, expect, it } from 'vitest';
import { PLAY_TEXTS } from '../play/texts.ts';
import { SOCIAL_TEXTS } from './texts.ts';
import {
  BUG_IMAGE_MAX_BYTES,
  checkBugReport,
  checkDirectMessage,
  checkPlayerReport,
  friendNameInput,
  imageKindOf,
  type BugReportErrors,
  type BugReportInput,
} from './validation.ts';

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
const GIF = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
const TEXT = new TextEncoder().encode('<svg onload="alert(1)">');

describe('friendNameInput (SPEC 5: friend add by name containing @ ignored)', () => {
  it.each<[string, string | null]>([
    ['alice', 'alice'],
    ['  alice  ', 'alice'],
    ['alice@example.com', null],
    ['@', null],
    ['', null],
    ['   ', null],
  ])('%j -> %j', (raw, expected) => {
    expect(friendNameInput(raw)).toBe(expected);
  });
});

describe('checkDirectMessage (SPEC 5 chat: max 140, trimmed, empty not sent)', () => {
  it.each<[string, string | null | undefined, string, { ok: true; text: string } | string]>([
    ['a message', 'b', '  hello  ', { ok: true, text: 'hello' }],
    ['exactly 140', 'b', 'x'.repeat(140), { ok: true, text: 'x'.repeat(140) }],
    ['140 emoji count as 140', 'b', '♟'.repeat(140), { ok: true, text: '♟'.repeat(140) }],
    ['141 after trimming', 'b', ` ${'x'.repeat(141)} `, PLAY_TEXTS.chatTooLong],
    ['blank', 'b', ' \n\t ', PLAY_TEXTS.chatEmpty],
    ['no receiver', null, 'hi', SOCIAL_TEXTS.messageNoReceiver],
    ['empty receiver', '', 'hi', SOCIAL_TEXTS.messageNoReceiver],
    ['to oneself', 'a', 'hi', SOCIAL_TEXTS.messageSelf],
  ])('%s', (_name, receiver, text, expected) => {
    const result = checkDirectMessage({ sender: 'a', receiver, text });
    if (typeof expected === 'string') expect(result).toMatchObject({ ok: false, message: expected });
    else expect(result).toEqual(expected);
  });

  it('keeps markup as plain text (escaping is the renderer’s job)', () => {
    expect(checkDirectMessage({ sender: 'a', receiver: 'b', text: '<img src=x onerror=alert(1)>' })).toEqual({
      ok: true,
      text: '<img src=x onerror=alert(1)>',
    });
  });
});

describe('checkPlayerReport (SPEC 5: reason max 120; nothing sent without target uid)', () => {
  it.each<[string, string | null | undefined, string, { target: string; reason: string } | string]>([
    ['a report', 'u2', ' uses an engine ', { target: 'u2', reason: 'uses an engine' }],
    ['no reason', 'u2', '', { target: 'u2', reason: '' }],
    ['reason of 120', 'u2', 'r'.repeat(120), { target: 'u2', reason: 'r'.repeat(120) }],
    ['reason of 121', 'u2', 'r'.repeat(121), SOCIAL_TEXTS.reportReasonTooLong],
    ['no target', null, 'cheater', SOCIAL_TEXTS.reportNoTarget],
    ['undefined target', undefined, 'cheater', SOCIAL_TEXTS.reportNoTarget],
    ['blank target', '  ', 'cheater', SOCIAL_TEXTS.reportNoTarget],
    ['oneself', 'u1', 'me', SOCIAL_TEXTS.reportSelf],
  ])('%s', (_name, target, reason, expected) => {
    const result = checkPlayerReport({ reporter: 'u1', target, reason });
    if (typeof expected === 'string') expect(result).toMatchObject({ ok: false, message: expected });
    else expect(result).toEqual({ ok: true, ...expected });
  });
});

describe('imageKindOf (SPEC 5: bug images checked by content)', () => {
  it.each<[string, Uint8Array, string | null]>([
    ['a PNG header', PNG, 'image/png'],
    ['a JPEG (JFIF) header', JPEG, 'image/jpeg'],
    ['a JPEG (EXIF) header', Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0x12, 0x34]), 'image/jpeg'],
    ['a GIF', GIF, null],
    ['text pretending to be a picture', TEXT, null],
    ['a truncated PNG signature', PNG.slice(0, 7), null],
    ['a truncated JPEG signature', JPEG.slice(0, 2), null],
    ['nothing', new Uint8Array(0), null],
  ])('%s -> %s', (_name, bytes, kind) => {
    expect(imageKindOf(bytes)).toBe(kind);
  });
});

describe('checkBugReport (SPEC 5: title, platform, description 15-600, up to 3 images)', () => {
  const valid: BugReportInput = {
    title: 'Board froze',
    platform: 'Chrome 120 on Windows',
    description: 'The board froze after my move.',
    images: [],
  };

  it('accepts a valid report, trimmed, with the sniffed image kinds', () => {
    const result = checkBugReport({ ...valid, title: '  Board froze ', images: [PNG, JPEG] });
    expect(result).toEqual({
      ok: true,
      value: {
        title: 'Board froze',
        platform: valid.platform,
        description: valid.description,
        images: [
          { kind: 'image/png', bytes: PNG },
          { kind: 'image/jpeg', bytes: JPEG },
        ],
      },
    });
  });

  it.each<[string, Partial<BugReportInput>, BugReportErrors]>([
    ['no title', { title: '  ' }, { title: SOCIAL_TEXTS.bugTitleRequired }],
    ['title of 121', { title: 't'.repeat(121) }, { title: SOCIAL_TEXTS.bugTitleTooLong }],
    ['no platform', { platform: '' }, { platform: SOCIAL_TEXTS.bugPlatformRequired }],
    ['platform of 121', { platform: 'p'.repeat(121) }, { platform: SOCIAL_TEXTS.bugPlatformTooLong }],
    ['no description', { description: '\n\n' }, { description: SOCIAL_TEXTS.bugDescriptionRequired }],
    ['description of 14', { description: 'd'.repeat(14) }, { description: SOCIAL_TEXTS.bugDescriptionTooShort }],
    [
      'description of 14 padded',
      { description: `  ${'d'.repeat(14)}  ` },
      { description: SOCIAL_TEXTS.bugDescriptionTooShort },
    ],
    ['description of 601', { description: 'd'.repeat(601) }, { description: SOCIAL_TEXTS.bugDescriptionTooLong }],
    ['4 images', { images: [PNG, PNG, JPEG, JPEG] }, { images: SOCIAL_TEXTS.bugTooManyImages }],
    ['a GIF', { images: [PNG, GIF] }, { images: SOCIAL_TEXTS.bugImageType }],
    ['text named .png', { images: [TEXT] }, { images: SOCIAL_TEXTS.bugImageType }],
    [
      'everything wrong at once',
      { title: '', platform: '', description: 'short', images: [GIF] },
      {
        title: SOCIAL_TEXTS.bugTitleRequired,
        platform: SOCIAL_TEXTS.bugPlatformRequired,
        description: SOCIAL_TEXTS.bugDescriptionTooShort,
        images: SOCIAL_TEXTS.bugImageType,
      },
    ],
  ])('%s', (_name, patch, errors) => {
    expect(checkBugReport({ ...valid, ...patch })).toEqual({ ok: false, errors });
  });

  it.each<[string, string]>([
    ['title of 120', 'title'],
    ['platform of 120', 'platform'],
  ])('accepts a %s', (_name, field) => {
    expect(checkBugReport({ ...valid, [field]: 'x'.repeat(120) }).ok).toBe(true);
  });

  it.each([15, 600])('accepts a description of %i', (n) => {
    expect(checkBugReport({ ...valid, description: 'd'.repeat(n) }).ok).toBe(true);
  });

  it('accepts 3 images and refuses an oversized one', () => {
    expect(checkBugReport({ ...valid, images: [PNG, JPEG, PNG] }).ok).toBe(true);
    const huge = new Uint8Array(BUG_IMAGE_MAX_BYTES + 1);
    huge.set(PNG);
    expect(checkBugReport({ ...valid, images: [huge] })).toEqual({
      ok: false,
      errors: { images: SOCIAL_TEXTS.bugImageTooLarge },
    });
  });

  it('keeps line breaks in the description and drops other control characters', () => {
    const result = checkBugReport({ ...valid, title: 'a\u0000b', description: 'line one\r\nline two\u0007 ok' });
    expect(result).toMatchObject({ ok: true, value: { title: 'a b', description: 'line one\nline two  ok' } });
  });
});
