import { useEffect, useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  activeBotModes,
  activeWagers,
  BOT_LEVELS,
  BOT_TEXTS,
  settleBotGame,
  wagerMinor,
  wagerName,
  type BotLevel,
  type BotWizardParams,
} from '@rush/domain';
import { Amount } from '../../ui/Amount.tsx';
import { Button } from '../../ui/Button.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { useSession } from '../../api/session.ts';
import { useAppState, useCatalog, useMatchOptions } from './queries.ts';
import { RefusalNotice } from './RefusalNotice.tsx';
import { useMatchStart } from './useMatchStart.ts';
import {
  BOT_KEYS,
  botQueryIsCorrected,
  botWizardSearch,
  levelName,
  normalizedBotWizard,
  readBotWizardQuery,
  startBotGame,
  useCurrentBotGame,
  type BotStep,
} from '../bots/index.ts';
import { ChoiceList, GameTypeChoice, StepList, WizardNav } from './WizardParts.tsx';
import './matchmaking.css';
import { BreakNotice, breakEndOf } from '../wallet/index.ts';

const STEP_NAMES = ['Game type', 'Wager and difficulty', 'Play vs AI'] as const;

/** What a win against the bot pays the player at this wager and level (the domain's settlement). */
const winPays = (bet: number, level: BotLevel) => settleBotGame(wagerMinor(bet), level, 'win').toPlayer;

/**
 * SPEC 2 bot flow on /start: bot1 the game type, bot2 the RushCoin wager and the difficulty
 * (with its multiplier), bot3 "Play vs AI". The query is the state, corrected as SPEC 5 says.
 */
export function BotWizard() {
  const { me } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = readBotWizardQuery(location.search);
  const catalog = useCatalog();
  const appState = useAppState();
  // Only for the account-wide refusal (banned, paused, no balance), shown before any click.
  const options = useMatchOptions(me, null, null, !!catalog.data);
  const current = useCurrentBotGame(!!me);
  const start = useMatchStart();
  const headingId = useId();
  const params = catalog.data ? normalizedBotWizard(query, catalog.data) : null;
  const corrected = params ? botQueryIsCorrected(query, params) : true;

  useEffect(() => {
    if (params && !corrected) {
      void navigate(
        { search: botWizardSearch(query.step, params, new URLSearchParams(location.search)) },
        { replace: true },
      );
    }
  }, [params, corrected, query.step, navigate, location.search]);

  // Until the address holds the corrected choices nothing is clickable: a click racing the
  // correction's replace would otherwise be undone by it.
  if (catalog.isError || !catalog.data || !params || !corrected) {
    return <QueryState query={catalog} loading="Loading…" subject="the game choices" className="page" />;
  }

  const go = (step: BotStep, change: Partial<BotWizardParams> = {}, replace = false) => {
    start.clear();
    void navigate(
      { search: botWizardSearch(step, { ...params, ...change }, new URLSearchParams(location.search)) },
      { replace },
    );
  };
  const modes = activeBotModes(catalog.data);
  const mode = modes.find((m) => m.id === params.gameType) ?? null;
  const wagers = activeWagers(catalog.data, 'wbx');
  const live = current.data ?? null;

  const play = () => {
    if (!params.gameType || params.bet === null) return;
    const body = { gameType: params.gameType, c: params.currency, bet: params.bet, level: params.level };
    start.run(
      'wbx',
      () => startBotGame(body),
      (view) => {
        client.setQueryData(BOT_KEYS.current, view);
        void navigate('/bot-match');
      },
    );
  };

  return (
    <section className="page start-page" aria-labelledby={headingId}>
      <title>Play the Bot</title>
      <h1 id={headingId}>Play the Bot</h1>
      <StepList names={STEP_NAMES} step={query.step} />
      {live ? (
        <p className="notice">
          You have a game against the bot in progress. <Link to="/bot-match">Resume game</Link>
        </p>
      ) : null}

      {query.step === 1 ? (
        <div className="wizard-step">
          <h2>Choose a game type</h2>
          <GameTypeChoice modes={modes} chosen={params.gameType} onChoose={(id) => go(1, { gameType: id }, true)} />
          <WizardNav onBack={() => void navigate('/start?step=1')} onNext={() => go(2)} nextDisabled={!mode} />
        </div>
      ) : null}

      {query.step === 2 ? (
        <div className="wizard-step">
          <h2>Choose a wager and difficulty</h2>
          <p className="muted">{BOT_TEXTS.rushCoinsOnly}</p>
          {wagers.length === 0 ? (
            <p className="muted">No amounts are available in this currency.</p>
          ) : (
            <ChoiceList
              legend="Wager in RushCoins"
              name="bet"
              choices={wagers.map((w) => ({
                key: w.key,
                label: w.name,
                checked: w.value === params.bet,
                onChoose: () => go(2, { bet: w.value }, true),
              }))}
            />
          )}
          <ChoiceList
            legend="Difficulty"
            name="bot"
            choices={BOT_LEVELS.map((level) => ({
              key: level,
              label: levelName(level),
              checked: level === params.level,
              onChoose: () => go(2, { level }, true),
            }))}
          />
          {params.bet !== null ? (
            <p>
              A win pays <Amount minor={winPays(params.bet, params.level)} currency="wbx" />.
            </p>
          ) : null}
          <WizardNav onBack={() => go(1)} onNext={() => go(3)} nextDisabled={params.bet === null} />
        </div>
      ) : null}

      {query.step === 3 ? (
        <div className="wizard-step">
          <h2>Ready to play</h2>
          <dl className="wizard-summary">
            <dt>Game Type</dt>
            <dd>{mode?.name ?? '-'}</dd>
            <dt>Wager</dt>
            <dd>{params.bet === null ? '-' : wagerName('wbx', params.bet)}</dd>
            <dt>Difficulty</dt>
            <dd>{levelName(params.level)}</dd>
            <dt>A win pays</dt>
            <dd>{params.bet === null ? '-' : <Amount minor={winPays(params.bet, params.level)} currency="wbx" />}</dd>
          </dl>
          <BreakNotice me={me} />
          <div className="play-split">
            <Button onClick={play} busy={start.busy} disabled={!mode || params.bet === null || breakEndOf(me) !== null}>
              {BOT_TEXTS.playVsAi}
            </Button>
          </div>
          <div aria-live="polite">
            <RefusalNotice
              refusal={start.refusal ?? options.data?.account ?? null}
              announcement={appState.data?.announcement}
            />
          </div>
          <WizardNav onBack={() => go(2)} />
        </div>
      ) : null}
    </section>
  );
}
