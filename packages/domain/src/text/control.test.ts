import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointLength, containsForbiddenControl, hasForbiddenControl, multiLine, oneLine } from './control.ts';

describe('control characters', () => {
  it.each([
    ['plain', false],
    ['emoji ♞ and accents é', false],
    ['tab\there', false],
    ['two\nlines\r\n', false],
    ['nul\u0000', true],
    ['bell\u0007', true],
    ['vertical\u000btab', true],
    ['escape\u001b[31m', true],
    ['delete\u007f', true],
    ['c1\u0085', true],
    ['c1 end\u009f', true],
    ['after c1\u00a0nbsp', false],
  ])('%j -> %s', (text, forbidden) => {
    expect(hasForbiddenControl(text)).toBe(forbidden);
  });

  it('finds them anywhere in a JSON value, keys included', () => {
    expect(containsForbiddenControl({ a: [1, { b: 'ok' }], c: null, d: true })).toBe(false);
    expect(containsForbiddenControl({ a: [1, { b: 'x\u0000' }] })).toBe(true);
    expect(containsForbiddenControl({ 'k\u0001': 1 })).toBe(true);
    expect(containsForbiddenControl('\u0000')).toBe(true);
    expect(containsForbiddenControl(undefined)).toBe(false);
    expect(containsForbiddenControl(new Uint8Array([0, 1, 2]))).toBe(false);
  });

  it('survives nesting far deeper than the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(containsForbiddenControl(deep)).toBe(true);
  });

  it('agrees with a character-by-character reading on any string', () => {
    const bad = (c: number) => (c <= 0x1f && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f);
    fc.assert(
      // Code units around both control ranges, and some beyond.
      fc.property(
        fc.array(fc.integer({ min: 0, max: 0x2ff }), { maxLength: 40 }).map((u) => String.fromCharCode(...u)),
        (s) => {
          const expected = [...s].some((ch) => bad(ch.codePointAt(0)!));
          expect(hasForbiddenControl(s)).toBe(expected);
          expect(containsForbiddenControl({ [s]: s })).toBe(expected);
        },
      ),
    );
  });
});

describe('plain text shapes', () => {
  it.each([
    ['  title  ', 'title'],
    ['a\tb\nc\r\nd', 'a b c  d'],
    ['nul\u0000in', 'nul in'],
    ['c1\u0085x', 'c1 x'],
    ['\u00a0kept\u00a0', 'kept'],
  ])('oneLine(%j) = %j', (raw, text) => {
    expect(oneLine(raw)).toBe(text);
  });

  it.each([
    ['line 1\r\nline 2\rline 3', 'line 1\nline 2\nline 3'],
    ['a\tb\n', 'a\tb'],
    ['bell\u0007 and nul\u0000', 'bell  and nul'],
    ['vertical\u000btab', 'vertical tab'],
  ])('multiLine(%j) = %j', (raw, text) => {
    expect(multiLine(raw)).toBe(text);
  });

  it('counts code points', () => {
    expect(codePointLength('♞😀a')).toBe(3);
    expect('😀'.length).toBe(2);
  });

  it('property: oneLine leaves no control character; multiLine leaves only tab and LF', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        expect(hasForbiddenControl(oneLine(s)) || /[\t\n\r]/.test(oneLine(s))).toBe(false);
        expect(/[\r]/.test(multiLine(s)) || hasForbiddenControl(multiLine(s))).toBe(false);
      }),
    );
    // A hundred runs take milliseconds on an idle machine; a loaded one once took over 5 s.
  }, 30_000);
});
