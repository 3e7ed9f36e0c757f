import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { activeHumanModes, currencyName, GIVEAWAY_TEXTS, MATCH_TEXTS, wagerName, type Currency } from '@rush/domain';
import {
  MatchmakingUserEvents,
  TOPICS,
  type ChallengeView,
  type OptionsResponse,
  type WagerOptionView,
} from '@rush/protocol';
import { useTopic } from '../../api/realtime-react.tsx';
import { Button } from '../../ui/Button.tsx';
import { FormMessage } from '../../ui/Field.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { useOverlayLink } from '../../ui/overlayFlags.ts';
import { SandboxMark } from '../../ui/SandboxMark.tsx';
import { useSession } from '../../api/session.ts';
import { FriendGameForm } from './FriendGame.tsx';
import type { LinkedNotice } from '../accounts/index.ts';
import { cancelChallenge, createChallenge, fetchRatings, seek } from './api.ts';
import { isActive, storeMatchmaking, useAppState, useCatalog, useMatchmaking, useMatchOptions } from './queries.ts';
import { RefusalNotice } from './RefusalNotice.tsx';
import { useMatchStart } from './useMatchStart.ts';
import { GameTypeChoice, StepList, WizardNav } from './WizardParts.tsx';
import { LinkChessNotice } from './LinkChessNotice.tsx';
import { BOT_FLOW_START, isBotFlow } from '../bots/index.ts';
import { BotWizard } from './BotWizard.tsx';
import { normalizedWizard, readWizardQuery, wizardGameType, wizardSearch } from './wizard.ts';
import './matchmaking.css';
import { BreakNotice, breakEndOf } from '../wallet/index.ts';

const STEP_NAMES = ['Game type', 'Amount', 'Play'] as const;

/** The name of the challenged user: the options' answer, else the chess account's name. */
function useChallengee(uid: string | null, options: OptionsResponse | undefined): string | null {
  const fromOptions = options?.challengee?.username ?? null;
  const ratings = useQuery({
    queryKey: ['play', 'ratings', uid ?? ''],
    queryFn: () => fetchRatings(uid ?? ''),
    enabled: !!uid && !!options && !fromOptions,
    staleTime: 60_000,
  });
  return fromOptions ?? ratings.data?.chessUsername ?? null;
}

function WagerList({
  currency,
  legend,
  options,
  bet,
  onChoose,
}: {
  currency: Currency;
  legend: string;
  options: readonly WagerOptionView[];
  bet: number | null;
  onChoose: (value: number) => void;
}) {
  const name = useId();
  if (options.length === 0) return <p className="muted">No amounts are available in this currency.</p>;
  return (
    <fieldset className="wizard-choices">
      <legend className="visually-hidden">{legend}</legend>
      {options.map((o) => (
        <label key={o.key} className={`wizard-choice${bet === o.value ? ' selected' : ''}`}>
          <input type="radio" name={name} checked={bet === o.value} onChange={() => onChoose(o.value)} />
          <span>{o.name}</span>
          <SandboxMark currency={currency} />
        </label>
      ))}
    </fieldset>
  );
}

/**
 * SPEC 2 /start: the bot flow (`step=bot1..3`, or the `bot` flag) or the wizard against people.
 * A link that just finished (/callbacklichess) lands here with its message, shown once.
 */
export function StartPage() {
  const location = useLocation();
  // Kept through the wizard's own navigations (they carry no state); a link made on this page
  // (the wizard's Link account, issue 36) arrives while it is mounted and is taken too.
  const fresh = (location.state as Partial<LinkedNotice> | null)?.linkedNotice ?? null;
  const [linked, setLinked] = useState(fresh);
  if (fresh !== null && fresh !== linked) setLinked(fresh);
  return (
    <>
      {linked ? <FormMessage tone="success" text={linked} /> : null}
      {isBotFlow(location.search) ? <BotWizard /> : <PlayerWizard />}
    </>
  );
}

/**
 * SPEC 2, 4, 5 /start: step 1 the game type, step 2 the amount (currency switch; the user's
 * options), step 3 the split Play button (Find Match, Play With Friend) or, with `challengeid`,
 * the challenge. The query is the wizard's state; wrong or missing values are corrected in it.
 */
function PlayerWizard() {
  const { me } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = readWizardQuery(location.search);
  const matchmaking = useMatchmaking(me);
  const appState = useAppState();
  const catalog = useCatalog();
  const gameType = catalog.data ? wizardGameType(query, catalog.data) : null;
  const options = useMatchOptions(me, gameType, query.challengeid, !!catalog.data);
  const normalized = catalog.data && options.data ? normalizedWizard(query, catalog.data, options.data) : null;
  const contentCreator = options.data?.contentCreator ?? false;
  const giveaway = query.giveaway && contentCreator;
  const challengee = useChallengee(query.challengeid, options.data);
  const start = useMatchStart();
  // Issue 37: a break disables starting (the server refuses it too, with the same words).
  const onBreak = breakEndOf(me) !== null;
  const [friendOpen, setFriendOpen] = useState(false);
  const [sent, setSent] = useState<ChallengeView | null>(null);
  // The challenge this page sent is answered: declined shows on the host's card, accepted opens /match.
  useTopic(sent && me ? TOPICS.user(me.uid) : null, {
    onEvent: (event) => {
      if (event.type === MatchmakingUserEvents.challengeClosed && event.data.challenge.id === sent?.id) setSent(null);
    },
  });
  const friendsLink = useOverlayLink('friendslist');
  const headingId = useId();

  const go = (
    change: Partial<{ step: number; currency: Currency; bet: number | null; gameType: string }>,
    replace = false,
  ) => {
    if (!normalized) return;
    const search = wizardSearch({
      step: change.step ?? query.step,
      gameType: change.gameType ?? normalized.gameType,
      c: change.currency ?? normalized.currency,
      bet: change.bet === undefined ? normalized.bet : change.bet,
      challengeid: query.challengeid,
      giveaway,
      rest: new URLSearchParams(location.search),
    });
    start.clear();
    void navigate({ pathname: location.pathname, search }, { replace });
  };

  // Correct the query to the values shown (SPEC 5: bet and c; SPEC 4: giveaway for creators only).
  const corrected = normalized
    ? wizardSearch({
        step: query.step,
        gameType: normalized.gameType,
        c: normalized.currency,
        bet: normalized.bet,
        challengeid: query.challengeid,
        giveaway,
        rest: new URLSearchParams(location.search),
      })
    : null;
  const stale =
    !!normalized &&
    (query.gameType !== normalized.gameType ||
      query.c !== normalized.currency ||
      query.bet !== (normalized.bet === null ? null : String(normalized.bet)) ||
      query.giveaway !== giveaway);
  // SPEC 2: active matchmaking forces /match (and then nothing here may navigate).
  const active = isActive(matchmaking.data);
  useEffect(() => {
    if (stale && corrected && !active && !matchmaking.isLoading) {
      void navigate({ pathname: location.pathname, search: corrected }, { replace: true });
    }
  }, [stale, corrected, active, matchmaking.isLoading, navigate, location.pathname]);

  if (active) return <Navigate to="/match" replace />;

  const failed = catalog.error ?? options.error;
  // Until the address holds the corrected choices nothing is clickable: a click racing the
  // correction's replace would otherwise be undone by it.
  if (failed || !catalog.data || !options.data || !normalized || matchmaking.isLoading || stale) {
    const status = {
      data: undefined,
      isError: failed !== null,
      error: failed,
      refetch: () => (catalog.error ? catalog.refetch() : options.refetch()),
    };
    return <QueryState query={status} loading="Loading…" subject="the game choices" className="page" />;
  }

  const humanModes = activeHumanModes({ modes: catalog.data.modes, wagers: [] });
  const mode = humanModes.find((m) => m.id === normalized.gameType) ?? null;
  const currencyOptions = options.data.wagers[normalized.currency];
  const chosen = currencyOptions.find((o) => o.value === normalized.bet) ?? null;
  const title = query.challengeid ? MATCH_TEXTS.challenging(challengee ?? '…') : 'Start a match';
  const amountText = normalized.bet === null ? '' : wagerName(normalized.currency, normalized.bet);

  const findMatch = () => {
    if (!normalized.gameType || normalized.bet === null) return;
    const { gameType: type, currency, bet } = normalized;
    start.run(
      currency,
      (deviceGps) => seek({ gameType: type, c: currency, bet, ...(deviceGps ? { deviceGps } : {}) }),
      (record) => {
        storeMatchmaking(client, record);
        void navigate('/match');
      },
    );
  };
  const challenge = () => {
    if (!normalized.gameType || normalized.bet === null || !query.challengeid) return;
    const { gameType: type, currency, bet } = normalized;
    const uid = query.challengeid;
    start.run(
      currency,
      (deviceGps) =>
        createChallenge({
          uid,
          gameType: type,
          c: currency,
          bet,
          ...(deviceGps ? { deviceGps } : {}),
          // SPEC 4: a creator's giveaway (the server refuses it from anyone else).
          ...(giveaway ? { giveaway: true } : {}),
        }),
      (view) => setSent(view),
    );
  };

  return (
    <section className="page start-page" aria-labelledby={headingId}>
      <title>{title}</title>
      <h1 id={headingId}>{title}</h1>
      <StepList names={STEP_NAMES} step={query.step} />
      {me && !me.chessUsername ? <LinkChessNotice /> : null}

      {query.step === 1 ? (
        <div className="wizard-step">
          <h2>Choose a game type</h2>
          <GameTypeChoice
            modes={humanModes}
            chosen={normalized.gameType}
            onChoose={(id) => go({ gameType: id, bet: null }, true)}
          />
          <WizardNav onNext={() => go({ step: 2 })} nextDisabled={!mode} />
          <p className="muted">
            Rather play an engine for RushCoins? <Link to={BOT_FLOW_START}>Play the Bot</Link>
          </p>
        </div>
      ) : null}

      {query.step === 2 ? (
        <div className="wizard-step">
          <h2>Choose an amount</h2>
          <div className="currency-switch" role="group" aria-label="Currency">
            {(['usd', 'wbx'] as const).map((c) => (
              <Button
                key={c}
                variant={normalized.currency === c ? 'primary' : 'secondary'}
                aria-pressed={normalized.currency === c}
                onClick={() => go({ currency: c, bet: options.data.wagers[c][0]?.value ?? null }, true)}
              >
                {currencyName(c)}
              </Button>
            ))}
          </div>
          <WagerList
            currency={normalized.currency}
            legend={`Amount in ${currencyName(normalized.currency)}`}
            options={currencyOptions}
            bet={normalized.bet}
            onChoose={(value) => go({ bet: value }, true)}
          />
          {chosen?.refusal ? (
            <RefusalNotice refusal={chosen.refusal} announcement={appState.data?.announcement} />
          ) : null}
          <WizardNav onBack={() => go({ step: 1 })} onNext={() => go({ step: 3 })} nextDisabled={!chosen} />
        </div>
      ) : null}

      {query.step === 3 ? (
        <div className="wizard-step">
          <h2>Ready to play</h2>
          <dl className="wizard-summary">
            <dt>Game Type</dt>
            <dd>{mode?.name ?? '-'}</dd>
            <dt>{giveaway ? GIVEAWAY_TEXTS.prizeLabel : 'Amount'}</dt>
            <dd>
              {amountText || '-'}
              {amountText ? <SandboxMark currency={normalized.currency} /> : null}
            </dd>
          </dl>
          {giveaway ? <p className="giveaway-note">{GIVEAWAY_TEXTS.youFund}</p> : null}
          <BreakNotice me={me} />
          {sent ? (
            <div className="challenge-sent" role="status" aria-live="polite">
              <p>
                Challenge sent to <strong>{sent.to.username}</strong>. Waiting for them to accept.
              </p>
              <Button
                variant="secondary"
                onClick={() => {
                  const done = () => setSent(null);
                  cancelChallenge(sent.id).then(done, done);
                }}
              >
                Cancel challenge
              </Button>
            </div>
          ) : giveaway && !query.challengeid ? (
            <div className="play-split">
              <Link {...friendsLink} className="btn btn-primary">
                Choose Friend
              </Link>
            </div>
          ) : query.challengeid ? (
            <div className="play-split">
              <Button onClick={challenge} busy={start.busy} disabled={!chosen || onBreak}>
                Play Now
              </Button>
            </div>
          ) : (
            <div className="play-split" role="group" aria-label="Play">
              <Button onClick={findMatch} busy={start.busy} disabled={!chosen || onBreak}>
                Find Match
              </Button>
              <Button variant="secondary" aria-expanded={friendOpen} onClick={() => setFriendOpen((open) => !open)}>
                Play With Friend
              </Button>
            </div>
          )}
          <div aria-live="polite">
            <RefusalNotice
              refusal={start.refusal ?? chosen?.refusal ?? options.data.account}
              announcement={appState.data?.announcement}
            />
          </div>
          {friendOpen && !query.challengeid ? <FriendGameForm /> : null}
          <WizardNav onBack={() => go({ step: 2 })} />
        </div>
      ) : null}
    </section>
  );
}
