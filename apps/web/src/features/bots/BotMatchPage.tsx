import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { MINOR_PER_UNIT, type GameModeId } from '@rush/domain';
import type { BotGameView } from '@rush/protocol';
import { abortBotGame } from './api.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Button } from '../../ui/Button.tsx';
import { QueryState } from '../../ui/QueryState.tsx';
import { GameScreen, useLiveGame } from '../play/index.ts';
import { BOT_FLOW_START, botWizardSearch, levelName } from './botWizard.ts';
import { BOT_KEYS, useCurrentBotGame } from './queries.ts';

/** The bot flow's last step with this game's choices: Play again is one click from there. */
function againSearch(bot: BotGameView, mode: GameModeId): string {
  const bet = Number(BigInt(bot.stake) / MINOR_PER_UNIT);
  return botWizardSearch(3, { gameType: mode, currency: 'wbx', bet, level: bot.level });
}

/** The result popup's actions after a bot game: Play again (the same choices) or Done. */
function BotFinishActions({ bot, mode }: { bot: BotGameView; mode: GameModeId }) {
  const navigate = useNavigate();
  return (
    <div className="confirm-actions match-finish-actions">
      <Button variant="secondary" onClick={() => void navigate('/')}>
        Done
      </Button>
      <Button onClick={() => void navigate(`/start${againSearch(bot, mode)}`)}>Play again</Button>
    </div>
  );
}

/**
 * SPEC 2 /bot-match: the player's game against the bot, the same game screen as against a
 * person (server authoritative, the bot's moves on the game's topic), with the stake, the
 * difficulty and what a win pays above it. Abort goes through abortBotGame (SPEC 7); there are
 * no draw or takeback offers (an engine answers none). A reload asks the server for the live bot
 * game; a finished one stays on screen until the player leaves it. With none, the bot flow.
 */
export function BotMatchPage() {
  const client = useQueryClient();
  const current = useCurrentBotGame();
  const [shown, setShown] = useState<BotGameView | null>(null);
  const live = current.data ?? null;
  if (live && live.gameId !== shown?.gameId) setShown(live);
  const bot = live ?? shown;
  const game = useLiveGame(bot?.gameId ?? null);

  if (!bot && (current.isPending || current.isError)) {
    return <QueryState query={current} loading="Loading…" subject="your game" className="page" />;
  }
  if (!bot) return <Navigate to={BOT_FLOW_START} replace />;
  if (game.isError || !game.data) {
    return <QueryState query={game} loading="Loading the game…" subject="the game" className="page" />;
  }
  const { view } = game.data;
  return (
    <>
      <title>{`Bot match: ${view.white.username} vs ${view.black.username}`}</title>
      <p className="bot-terms" aria-label="Bot game terms">
        <span>Difficulty: {levelName(bot.level)}</span>
        <span>
          Wager: <Amount minor={bot.stake} currency="wbx" />
        </span>
        <span>
          A win pays: <Amount minor={bot.winPays} currency="wbx" testId="bot-win-pays" />
        </span>
      </p>
      <GameScreen
        key={view.id}
        game={game.data}
        onAbort={() => abortBotGame()}
        finishActions={<BotFinishActions bot={bot} mode={view.mode} />}
        onDone={() => {
          client.setQueryData(BOT_KEYS.current, null);
          setShown(null);
        }}
      />
    </>
  );
}
