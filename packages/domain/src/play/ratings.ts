/**
 * Glicko-2 (glicko.net/glicko/glicko2.pdf), one rating period per game as on Lichess. Pure,
 * so the server and the tests compute the same numbers (the test suite checks it against the
 * `glicko2` package). SPEC 9: 1500 is the rating shown by default; SPEC/issue 4: a rating is
 * provisional while its deviation is above 110, as on Lichess.
 */
export const DEFAULT_RATING = 1500;
const DEFAULT_RD = 350;
const DEFAULT_VOLATILITY = 0.06;
export const PROVISIONAL_RD = 110;
/** System constant: how much volatility may change (0.3-1.2 per Glickman; Lichess uses 0.75). */
const TAU = 0.75;
/** Bounds keep a rating sane however lopsided a run of results (Lichess: RD within 45-500). */
const MIN_RD = 45;
const MAX_RD = 500;
const MIN_RATING = 400;
const MAX_RATING = 4000;

const SCALE = 173.7178;
const EPSILON = 0.000001;

export interface Rating {
  rating: number;
  rd: number;
  volatility: number;
}

export const defaultRating = (): Rating => ({ rating: DEFAULT_RATING, rd: DEFAULT_RD, volatility: DEFAULT_VOLATILITY });
export const isProvisional = (r: Pick<Rating, 'rd'>): boolean => r.rd > PROVISIONAL_RD;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Step 5: the new volatility by the Illinois algorithm. */
function newVolatility(sigma: number, phi: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > EPSILON; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** One player's rating after one game against `opponent` with `score` 1 (win), 0.5 or 0. */
export function rate(player: Rating, opponent: Rating, score: 0 | 0.5 | 1, tau = TAU): Rating {
  const mu = (player.rating - DEFAULT_RATING) / SCALE;
  const phi = player.rd / SCALE;
  const muJ = (opponent.rating - DEFAULT_RATING) / SCALE;
  const phiJ = opponent.rd / SCALE;
  const E = expected(mu, muJ, phiJ);
  const v = 1 / (g(phiJ) * g(phiJ) * E * (1 - E));
  const delta = v * g(phiJ) * (score - E);
  const sigma = newVolatility(player.volatility, phi, v, delta, tau);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * g(phiJ) * (score - E);
  return {
    rating: clamp(muNew * SCALE + DEFAULT_RATING, MIN_RATING, MAX_RATING),
    rd: clamp(phiNew * SCALE, MIN_RD, MAX_RD),
    volatility: sigma,
  };
}

/** Both players' ratings after a game; `winner` null is a draw. */
export function rateGame(
  white: Rating,
  black: Rating,
  winner: 'white' | 'black' | null,
): { white: Rating; black: Rating } {
  const ws: 0 | 0.5 | 1 = winner === null ? 0.5 : winner === 'white' ? 1 : 0;
  const bs: 0 | 0.5 | 1 = winner === null ? 0.5 : winner === 'black' ? 1 : 0;
  return { white: rate(white, black, ws), black: rate(black, white, bs) };
}

/** Shown rating: rounded, as every screen shows it. */
export const shownRating = (r: Pick<Rating, 'rating'>): number => Math.round(r.rating);
