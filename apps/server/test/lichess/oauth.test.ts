import { describe, expect, it } from 'vitest';
import {
  authorizationUrl,
  codeChallengeOf,
  isValidCodeVerifier,
  LICHESS_SCOPES,
  newCodeVerifier,
  newPkceRequest,
  newState,
  readCallback,
  stateMatches,
} from '../../src/modules/lichess/oauth.ts';

describe('PKCE and OAuth helpers', () => {
  it('makes RFC 7636 verifiers: 43 unreserved characters, all different', () => {
    const vs = new Set(Array.from({ length: 50 }, () => newCodeVerifier()));
    expect(vs.size).toBe(50);
    for (const v of vs) expect(isValidCodeVerifier(v)).toBe(true);
    expect(isValidCodeVerifier('short')).toBe(false);
    expect(isValidCodeVerifier('a'.repeat(42) + '!')).toBe(false);
  });

  it('computes the S256 challenge (RFC 7636 appendix B vector)', () => {
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    const p = newPkceRequest();
    expect(p.challenge).toBe(codeChallengeOf(p.verifier));
    expect(p.state).not.toBe(newState());
  });

  it('builds the authorization URL with board play scopes only', () => {
    const url = new URL(
      authorizationUrl({
        baseUrl: 'https://lichess.org',
        clientId: 'rushchess.example',
        redirectUri: 'https://rushchess.example/callbacklichess',
        challenge: 'abc',
        state: 'st',
        username: 'Bobby',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://lichess.org/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'rushchess.example',
      redirect_uri: 'https://rushchess.example/callbacklichess',
      code_challenge_method: 'S256',
      code_challenge: 'abc',
      scope: 'board:play challenge:write',
      state: 'st',
      username: 'Bobby',
    });
    expect(LICHESS_SCOPES).toEqual(['board:play', 'challenge:write']);
  });

  it('checks the state first, then the error, then the code', () => {
    expect(stateMatches('abc', 'abc')).toBe(true);
    expect(stateMatches('abc', 'abd')).toBe(false);
    expect(stateMatches('abc', undefined)).toBe(false);
    expect(stateMatches('abc', '')).toBe(false);
    expect(readCallback('s1', { state: 's2', code: 'liu_x' })).toEqual({ ok: false, reason: 'state_mismatch' });
    expect(readCallback('s1', { code: 'liu_x' })).toEqual({ ok: false, reason: 'state_mismatch' });
    expect(readCallback('s1', { state: 's1', error: 'access_denied' })).toMatchObject({ ok: false, reason: 'denied' });
    expect(readCallback('s1', { state: 's1', error: 'invalid_scope' })).toMatchObject({ ok: false, reason: 'error' });
    expect(readCallback('s1', { state: 's1', code: 'bad code!' })).toEqual({ ok: false, reason: 'no_code' });
    expect(readCallback('s1', { state: 's1', code: ['liu_x'] })).toEqual({ ok: false, reason: 'no_code' });
    expect(readCallback('s1', { state: 's1', code: 'liu_x' })).toEqual({ ok: true, code: 'liu_x' });
  });
});
