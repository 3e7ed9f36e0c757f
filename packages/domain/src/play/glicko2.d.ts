/** Types of the `glicko2` package (CommonJS, untyped), used by the tests as the reference implementation. */
declare module 'glicko2' {
  export interface GlickoPlayer {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  export class Glicko2 {
    constructor(settings?: { tau?: number; rating?: number; rd?: number; vol?: number });
    makePlayer(rating?: number, rd?: number, vol?: number): GlickoPlayer;
    updateRatings(matches: Array<[GlickoPlayer, GlickoPlayer, number]>): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
