/**
 * The standard starting position. Spelled out rather than taken from chess.js, so the pages that
 * only name it (the landing, a game's first frame) do not download the rules engine.
 */
export const STANDARD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
