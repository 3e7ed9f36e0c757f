import { Link } from 'react-router';
import { STANDARD_FEN } from '@rush/domain';
import type { FeaturedGameView } from '@rush/protocol';
import type { BoardColor, PieceKind } from '../../ui/board/squares.ts';
import { positionOfFen } from '../../ui/board/fen.ts';

const FILES = 'abcdefgh';
/** Filled glyphs for both sides (coloured by CSS); U+FE0E asks for text, never an emoji. */
const GLYPH: Readonly<Record<PieceKind, string>> = {
  k: '\u265a\ufe0e',
  q: '\u265b\ufe0e',
  r: '\u265c\ufe0e',
  b: '\u265d\ufe0e',
  n: '\u265e\ufe0e',
  p: '\u265f\ufe0e',
};
const PIECE_NAME: Readonly<Record<PieceKind, string>> = {
  k: 'king',
  q: 'queen',
  r: 'rook',
  b: 'bishop',
  n: 'knight',
  p: 'pawn',
};

/** The 64 squares of `fen` from White's side, the last move's two squares marked. */
function Squares({ fen, lastMove }: { fen: string; lastMove: string | null }) {
  const { pieces } = positionOfFen(fen);
  const marked = lastMove ? [lastMove.slice(0, 2), lastMove.slice(2, 4)] : [];
  return Array.from({ length: 64 }, (_, i) => {
    const square = `${FILES[i % 8]}${8 - Math.floor(i / 8)}`;
    const piece = pieces[square];
    const shade = (Math.floor(i / 8) + i) % 2 === 0 ? 'light' : 'dark';
    return (
      <span key={square} data-square={square} className={`sq ${shade}${marked.includes(square) ? ' last-move' : ''}`}>
        {piece ? (
          <span className={`glyph glyph-${piece.color}`} data-piece={`${piece.color} ${PIECE_NAME[piece.kind]}`}>
            {GLYPH[piece.kind]}
          </span>
        ) : null}
      </span>
    );
  });
}

function PlayerLine({ side, player }: { side: BoardColor; player: FeaturedGameView['white'] }) {
  return (
    <p className={`featured-player featured-${side}`}>
      <span className={`featured-swatch swatch-${side}`} aria-hidden="true" />
      <span className="featured-name">{player.username}</span>
      <span className="featured-rating">({player.rating})</span>
    </p>
  );
}

/** What the board shows, in words (the squares themselves are decoration to assistive tools). */
export function featuredLabel(f: FeaturedGameView): string {
  const players = `${f.white.username} (${f.white.rating}) vs ${f.black.username} (${f.black.rating})`;
  return f.live ? `Live game: ${players}` : `Latest game: ${players}, ${f.result ?? 'finished'}`;
}

/**
 * The landing hero's board (issue 19): the featured live game as Lichess TV shows one, or the
 * latest finished game when none is live, with its players; Watch opens a live one. Drawn from
 * the FEN alone (no rules engine, no board library: the landing's first load stays small), and
 * refreshed with the landing. Before any game exists it shows the starting position.
 */
export function FeaturedBoard({ featured }: { featured: FeaturedGameView | null | undefined }) {
  if (!featured) {
    return (
      <figure className="featured" aria-busy={featured === undefined}>
        <div className="hero-board" role="img" aria-label="The starting position">
          <Squares fen={STANDARD_FEN} lastMove={null} />
        </div>
        <figcaption className="featured-caption">
          {featured === null ? 'No games yet: be the first to play.' : '\u00a0'}
        </figcaption>
      </figure>
    );
  }
  return (
    <figure className="featured">
      <PlayerLine side="black" player={featured.black} />
      <div className="hero-board" role="img" aria-label={featuredLabel(featured)}>
        <Squares fen={featured.fen} lastMove={featured.lastMove} />
      </div>
      <PlayerLine side="white" player={featured.white} />
      <figcaption className="featured-caption">
        {featured.live ? (
          <>
            <span className="live-badge">Live</span>
            <Link
              to={`/tv/${featured.gameId}`}
              aria-label={`Watch ${featured.white.username} vs ${featured.black.username}`}
            >
              Watch
            </Link>
          </>
        ) : (
          <span>Latest game · {featured.result}</span>
        )}
      </figcaption>
    </figure>
  );
}
