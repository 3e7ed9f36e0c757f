import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config.ts';

/** COMMUNITY_URL (SPEC 2 landing's community link): an http(s) address or nothing. */
describe('COMMUNITY_URL', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['https://forum.example/rush', 'https://forum.example/rush'],
    ['http://chat.example', 'http://chat.example'],
  ])('%j gives %j', (value, expected) => {
    expect(parseConfig({ COMMUNITY_URL: value }).communityUrl).toBe(expected);
  });

  it.each(['javascript:alert(1)', 'not a url', 'ftp://files.example'])('refuses %j at start', (value) => {
    expect(() => parseConfig({ COMMUNITY_URL: value })).toThrow();
  });
});
