import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHAT_MAX_LENGTH,
  CHAT_TEXTS,
  checkChatText,
  checkLichessChatText,
  LICHESS_CHAT_MAX_UTF16,
  LICHESS_CHAT_TEXTS,
} from './chat.ts';

describe('checkChatText (SPEC 5: friend, lobby, spectator chat: max 140, trimmed, empty not sent)', () => {
  it('the limit and its words', () => {
    expect(CHAT_MAX_LENGTH).toBe(140);
    expect(CHAT_TEXTS.tooLong).toBe('Message is too long (140 characters at most)');
  });

  it.each([
    ['plain', 'gg', { ok: true, text: 'gg' }],
    ['trimmed', '  well played \n', { ok: true, text: 'well played' }],
    ['blank', ' \n\t ', { ok: false, reason: 'empty', message: CHAT_TEXTS.empty }],
    ['controls become spaces', 'a\u0000b\u0007c\u0085d', { ok: true, text: 'a b c d' }],
    ['only controls', '\u0000\u0001', { ok: false, reason: 'empty', message: CHAT_TEXTS.empty }],
    ['140 characters', 'x'.repeat(140), { ok: true, text: 'x'.repeat(140) }],
    ['141 characters', 'x'.repeat(141), { ok: false, reason: 'tooLong', message: CHAT_TEXTS.tooLong }],
    // Code points, not UTF-16 units: 140 knights are 280 units and still one full line. The
    // lobby chat used to count units and refused these (issue 11: the domain's rule wins).
    ['140 emoji', '♞'.repeat(70) + '😀'.repeat(70), { ok: true, text: '♞'.repeat(70) + '😀'.repeat(70) }],
    ['141 emoji', '😀'.repeat(141), { ok: false, reason: 'tooLong', message: CHAT_TEXTS.tooLong }],
  ])('%s', (_name, raw, expected) => {
    expect(checkChatText(raw)).toEqual(expected);
  });

  it('property: an accepted line is trimmed, non-empty, control-free and at most 140 code points', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (s) => {
        const r = checkChatText(s);
        if (!r.ok) return;
        expect(r.text).toBe(r.text.trim());
        expect(r.text.length).toBeGreaterThan(0);
        // eslint-disable-next-line no-control-regex -- the property is about control characters
        expect(r.text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
        expect([...r.text].length).toBeLessThanOrEqual(CHAT_MAX_LENGTH);
      }),
    );
  });
});

describe('checkLichessChatText (issue 31: lila counts UTF-16 units, 140 at most)', () => {
  it.each([
    ['140 plain', 'x'.repeat(140), { ok: true, text: 'x'.repeat(140) }],
    ['141 plain', 'x'.repeat(141), { ok: false, reason: 'tooLong', message: CHAT_TEXTS.tooLong }],
    ['140 BMP knights', '♞'.repeat(140), { ok: true, text: '♞'.repeat(140) }],
    ['70 emoji (140 units)', '😀'.repeat(70), { ok: true, text: '😀'.repeat(70) }],
    ['71 emoji (142 units)', '😀'.repeat(71), { ok: false, reason: 'tooLong', message: LICHESS_CHAT_TEXTS.tooLong }],
    [
      '139 x and one emoji',
      `${'x'.repeat(139)}😀`,
      { ok: false, reason: 'tooLong', message: LICHESS_CHAT_TEXTS.tooLong },
    ],
    ['blank', '  ', { ok: false, reason: 'empty', message: CHAT_TEXTS.empty }],
  ])('%s', (_name, raw, expected) => {
    expect(checkLichessChatText(raw)).toEqual(expected);
  });

  it('property: what it accepts, our rule accepts and fits 140 UTF-16 units', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200, unit: 'grapheme' }), (s) => {
        const r = checkLichessChatText(s);
        if (!r.ok) return;
        expect(checkChatText(s)).toEqual(r);
        expect(r.text.length).toBeLessThanOrEqual(LICHESS_CHAT_MAX_UTF16);
      }),
    );
  });
});
