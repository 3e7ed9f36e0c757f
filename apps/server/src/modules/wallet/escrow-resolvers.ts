/** What the owner of a game or lobby says about it, for its escrow. */
export type EscrowState =
  | { state: 'live' }
  | { state: 'finished'; winners: string[] }
  | { state: 'abandoned' }
  // The owner closed the escrow itself, by its own rules (a bot game's house share), under the close key.
  | { state: 'closed' };

export interface EscrowResolver {
  resolve(ref: string): Promise<EscrowState>;
}

/**
 * Escrow refs are `{prefix}{id}` (`game:42`, `lobby:7`); the capability owning each prefix
 * registers how to tell whether its escrow is still live. The play and puzzle issues register
 * `game:` and `lobby:`; an escrow with no resolver is left alone.
 */
export class EscrowResolvers {
  private readonly byPrefix = new Map<string, EscrowResolver>();

  register(prefix: string, resolver: EscrowResolver): void {
    if (this.byPrefix.has(prefix)) throw new Error(`escrow resolver for ${prefix} already registered`);
    this.byPrefix.set(prefix, resolver);
  }

  for(ref: string): EscrowResolver | null {
    for (const [prefix, resolver] of this.byPrefix) if (ref.startsWith(prefix)) return resolver;
    return null;
  }
}
