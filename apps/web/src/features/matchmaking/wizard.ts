import {
  normalizeWizard,
  readStartFlags,
  startSearch,
  type Catalog,
  type GameModeId,
  type WizardParams,
} from '@rush/domain';
import type { CatalogResponse, OptionsResponse } from '@rush/protocol';

/** The /start query (SPEC 2 flags step, gameType, bet, c, challengeid, giveaway). */
export interface WizardQuery {
  step: 1 | 2 | 3;
  gameType: string | null;
  c: string | null;
  bet: string | null;
  challengeid: string | null;
  giveaway: boolean;
}

export function readWizardQuery(search: string): WizardQuery {
  const { step, gameType, c, bet, challengeid, giveaway } = readStartFlags(search);
  return {
    step: step === '2' ? 2 : step === '3' ? 3 : 1,
    gameType,
    c,
    bet,
    challengeid: challengeid || null,
    giveaway,
  };
}

/**
 * The catalogue as the domain reads it. The wagers are the user's own options (GET options
 * already leaves out the USD values at or above the bet limit), so no bet limit applies twice.
 */
export function wizardCatalog(catalog: CatalogResponse, options: OptionsResponse | undefined): Catalog {
  const wagers = options
    ? (['usd', 'wbx'] as const).flatMap((currency) =>
        options.wagers[currency].map((w) => ({
          currency,
          key: w.key,
          name: w.name,
          value: w.value,
          status: 'active' as const,
          provisionalStatus: true,
          minRequirement: 0,
        })),
      )
    : [];
  return { modes: catalog.modes, wagers };
}

/** The game type the wizard opens on (SPEC 4 default when the query's is missing or not active). */
export function wizardGameType(query: WizardQuery, catalog: CatalogResponse): GameModeId | null {
  return normalizeWizard({ gameType: query.gameType }, { modes: catalog.modes, wagers: [] }, null).gameType;
}

export function normalizedWizard(query: WizardQuery, catalog: CatalogResponse, options: OptionsResponse): WizardParams {
  return normalizeWizard(query, wizardCatalog(catalog, options), null);
}

/** `?step=2&gameType=...` in a stable order; `giveaway` bare, kept only when asked. */
export function wizardSearch({
  rest,
  ...flags
}: {
  step: number;
  gameType: string | null;
  c: string | null;
  bet: number | string | null;
  challengeid: string | null;
  giveaway: boolean;
  rest?: URLSearchParams;
}): string {
  return startSearch(flags, rest);
}
