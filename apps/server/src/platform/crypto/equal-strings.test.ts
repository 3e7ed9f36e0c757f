import { describe, expect, it } from 'vitest';
import { equalStrings } from './equal-strings.ts';

describe('equalStrings', () => {
  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'abcd', false],
    ['', '', true],
    ['é', 'e\u0301', false], // compared as bytes, not as text
  ])('%j and %j: %s', (a, b, equal) => expect(equalStrings(a, b)).toBe(equal));
});
