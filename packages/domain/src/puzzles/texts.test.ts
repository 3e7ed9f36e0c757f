import { describe, expect, it } from 'vitest';
import { PUZZLE_TEXTS } from './texts.ts';

// Copied from SPEC.md sections 4 and 8 (spelling included: 'Make you first move!'). The test
// holds the SPEC's words itself: CI runs on a clone without the shared folder.
const SPEC_WORDS: Record<string, string> = {
  correctMove: 'Correct move!',
  trySomethingElse: 'Try something else',
  solved: 'Puzzle is solved!',
  makeFirstMove: 'Make you first move!',
  wrongMove: 'Wrong move, try something else!',
  noLobbies: 'No lobbies at the moment',
  lobbyUnavailable: 'Sorry, this lobby is not available anymore.',
  lobbyFull: 'The lobby has reached the maximum number of players or a technical error has occurred.',
  noWallet: 'You do not have a wallet',
  insufficientFunds: 'You do not have sufficient funds to play in this match.',
  ownerAborted: 'Lobby owner aborted game',
  eloTooFar:
    'You cannot join this user in public matchmaking because your ELO is too far apart. To play them, send them a friend request and challenge them directly.',
};

describe('PUZZLE_TEXTS quoted from the SPEC', () => {
  it.each(Object.entries(SPEC_WORDS))('%s is the SPEC text', (key, text) => {
    expect(PUZZLE_TEXTS[key as keyof typeof PUZZLE_TEXTS]).toBe(text);
  });

  it("says 'Move for White/Black' for the user's colour", () => {
    expect(PUZZLE_TEXTS.moveFor('white')).toBe('Move for White');
    expect(PUZZLE_TEXTS.moveFor('black')).toBe('Move for Black');
  });

  it('shows import progress with thousands separators', () => {
    expect(PUZZLE_TEXTS.importing(12_345, 60_000)).toBe('Preparing puzzles… 12,345 of 60,000');
  });
});
