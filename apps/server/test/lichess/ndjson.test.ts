import { describe, expect, it } from 'vitest';
import { NdjsonLineReader, NdjsonParseError } from '../../src/modules/lichess/ndjson.ts';
import { GameMoves } from '../../src/modules/lichess/games.ts';

describe('ndjson line reader', () => {
  it('joins lines cut anywhere, UTF-8 characters included, and reports keep-alives', () => {
    const text = '{"type":"chatLine","text":"héllo ♞"}\n\n{"type":"gameState","moves":"e2e4"}\n';
    const bytes = new TextEncoder().encode(text);
    for (let cut = 1; cut < bytes.length; cut++) {
      const r = new NdjsonLineReader();
      const items = [...r.push(bytes.subarray(0, cut)), ...r.push(bytes.subarray(cut)), ...r.end()];
      expect(items).toEqual([
        { kind: 'value', value: { type: 'chatLine', text: 'héllo ♞' } },
        { kind: 'keepAlive' },
        { kind: 'value', value: { type: 'gameState', moves: 'e2e4' } },
      ]);
    }
  });

  it('takes a last line without its newline, CRLF too', () => {
    const r = new NdjsonLineReader();
    expect(r.push('{"a":1}\r\n{"b":2}')).toEqual([{ kind: 'value', value: { a: 1 } }]);
    expect(r.end()).toEqual([{ kind: 'value', value: { b: 2 } }]);
  });

  it('throws on a malformed line, and on a JSON value that is not an object', () => {
    expect(() => new NdjsonLineReader().push('{"type":"gameState","moves":"e2e4 \n')).toThrow(NdjsonParseError);
    expect(() => new NdjsonLineReader().push('[1,2]\n')).toThrow(NdjsonParseError);
    expect(() => new NdjsonLineReader().push('null\n')).toThrow(NdjsonParseError);
  });
});

describe('GameMoves', () => {
  it('yields each move once across repeated full states (a re-opened stream)', () => {
    const g = new GameMoves();
    expect(g.update('e2e4')).toEqual({ added: [{ ply: 1, uci: 'e2e4' }], takenBack: 0 });
    expect(g.update('e2e4')).toEqual({ added: [], takenBack: 0 });
    expect(g.update('e2e4 e7e5 g1f3')).toEqual({
      added: [
        { ply: 2, uci: 'e7e5' },
        { ply: 3, uci: 'g1f3' },
      ],
      takenBack: 0,
    });
    expect(g.moves).toEqual(['e2e4', 'e7e5', 'g1f3']);
  });

  it('reports takebacks, and a different move after them', () => {
    const g = new GameMoves('e2e4 e7e5 g1f3');
    expect(g.update('e2e4 e7e5')).toEqual({ added: [], takenBack: 1 });
    expect(g.update('e2e4 e7e6')).toEqual({ added: [{ ply: 2, uci: 'e7e6' }], takenBack: 1 });
    expect(g.update('')).toEqual({ added: [], takenBack: 2 });
  });
});
