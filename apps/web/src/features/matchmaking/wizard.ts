import { normalizeWizard, type Catalog, type GameModeId, type WizardParams } from '@rush/domain';
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
  const q = new URLSearchParams(search);
  const step = q.get('step');
  return {
    step: step === '2' ? 2 : step === '3' ? 3 : 1,
    gameType: q.get('gameType'),
    c: q.get('c'),
    bet: q.get('bet'),
    challengeid: q.get('challengeid') || null,
    giveaway: q.has('giveaway'),
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
export function wizardSearch(params: {
  step: number;
  gameType: string | null;
  c: string | null;
  bet: number | string | null;
  challengeid: string | null;
  giveaway: boolean;
  rest?: URLSearchParams;
}): string {
  const q = new URLSearchParams(params.rest);
  const set = (key: string, value: string | number | null) => {
    if (value === null || value === '') q.delete(key);
    else q.set(key, String(value));
  };
  set('step', params.step);
  set('gameType', params.gameType);
  set('c', params.c);
  set('bet', params.bet);
  set('challengeid', params.challengeid);
  q.delete('giveaway');
  const text = q.toString();
  const giveaway = params.giveaway ? `${text ? '&' : ''}giveaway` : '';
  return `?${text}${giveaway}`;
}
