import { useId } from 'react';
import { LOBBY, PUZZLE_TEXTS, wagerName } from '@rush/domain';
import type { LobbyView, ParticipantView } from '@rush/protocol';
import { CommandError } from '../../../api/realtime.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { Button } from '../../../ui/Button.tsx';
import { CopyButton } from '../../../ui/CopyButton.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { SandboxMark } from '../../../ui/SandboxMark.tsx';
import { Table, type Column } from '../../../ui/Table.tsx';
import { useSecondsLeft } from '../../../ui/useSecondsLeft.ts';
import { ChatPanel } from '../../../ui/ChatPanel.tsx';
import { sendLobbyChat } from './api.ts';
import { failureText } from './errors.ts';
import { humanize, minutesText, PRIZE_MODE_LABEL } from './format.ts';
import { localDeadline, type LobbyEntry } from './queries.ts';
import { joinLinkPath } from './query.ts';

interface WaitingRoomProps {
  entry: LobbyEntry;
  meUid: string;
  /** The action running ('start', 'leave', 'join', 'kick:{uid}'), if any. */
  busy: string | null;
  error: string | null;
  onStart: () => void;
  onLeave: () => void;
  onJoin: () => void;
  onKick: (uid: string) => void;
}

/** SPEC 4: the 90 s countdown from createdAt, on the server's clock. */
function Countdown({ view, offset }: { view: LobbyView; offset: number }) {
  const seconds = useSecondsLeft(localDeadline(view.autoStartAt, offset));
  if (seconds === null) return null;
  return (
    <p className="lobby-countdown" role="timer" aria-label="Auto start">
      Starts in <strong>{seconds}</strong> s
    </p>
  );
}

/** The chat sends over HTTP; ChatPanel shows a CommandError's text, so the server's is carried in one. */
const sendChat = (lobbyId: string) => (text: string) =>
  sendLobbyChat(lobbyId, text).catch((error: unknown) => {
    throw new CommandError('REFUSED', failureText(error));
  });

/**
 * SPEC 2 battle waiting room: the lobby error above everything, the settings, the private code
 * (owner only), the grand prize, the countdown, participants with their ELO (kick for the owner),
 * chat, Start (owner only, at least 2 players) and Leave the Lobby.
 */
export function WaitingRoom({ entry, meUid, busy, error, onStart, onLeave, onJoin, onKick }: WaitingRoomProps) {
  const headingId = useId();
  const { view, offset } = entry;
  const isOwner = view.owner.uid === meUid;
  const present = view.participants.filter((p) => !p.left);
  const joined = present.some((p) => p.uid === meUid);
  const canStart = present.length >= LOBBY.minPlayers;
  const { settings } = view;

  const columns: Column<ParticipantView>[] = [
    {
      key: 'player',
      header: 'Player',
      cell: (p) => (p.uid === view.owner.uid ? `${p.username} (owner)` : p.username),
    },
    { key: 'elo', header: 'ELO', cell: (p) => p.elo },
  ];
  if (isOwner) {
    columns.push({
      key: 'kick',
      header: 'Kick',
      cell: (p) =>
        p.uid === meUid ? null : (
          <Button
            variant="danger"
            onClick={() => onKick(p.uid)}
            busy={busy === `kick:${p.uid}`}
            disabled={busy !== null}
            aria-label={`Kick ${p.username}`}
          >
            Kick
          </Button>
        ),
    });
  }

  return (
    <section className="page battle-page waiting-room" aria-labelledby={headingId}>
      <title>Battle lobby</title>
      {view.error ? (
        <p className="notice notice-error lobby-error" role="alert">
          {view.error}
        </p>
      ) : null}
      <FormMessage text={error} />
      <h1 id={headingId}>{view.owner.username}&rsquo;s lobby</h1>
      <dl className="lobby-facts">
        <div>
          <dt>Difficulty</dt>
          <dd>{humanize(settings.difficulty)}</dd>
        </div>
        <div>
          <dt>Theme</dt>
          <dd>{humanize(settings.theme)}</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>{minutesText(settings.time)}</dd>
        </div>
        <div>
          <dt>Stake</dt>
          <dd>
            {wagerName(settings.stakesCurrency, settings.stakesAmount)}
            <SandboxMark currency={settings.stakesCurrency} />
          </dd>
        </div>
        <div>
          <dt>Prize mode</dt>
          <dd>{PRIZE_MODE_LABEL[settings.prizeMode]}</dd>
        </div>
        <div>
          <dt>ELO range</dt>
          <dd>
            {view.eloRange.min}–{view.eloRange.max}
          </dd>
        </div>
        <div>
          <dt>Grand prize</dt>
          <dd>
            <Amount minor={view.grandPrize} currency={settings.stakesCurrency} testId="grand-prize" />
          </dd>
        </div>
        {isOwner && view.code ? (
          <div>
            <dt>Lobby code</dt>
            <dd className="lobby-code">
              <code className="lobby-code-value">{view.code}</code>
              <CopyButton text={`${window.location.origin}${joinLinkPath(view.code)}`} what="join link" />
            </dd>
          </div>
        ) : null}
      </dl>
      <Countdown view={view} offset={offset} />
      <div className="waiting-layout">
        <Table
          caption={`Players ${present.length}/${settings.maxParticipants}`}
          showCaption
          columns={columns}
          rows={present}
          rowKey={(p) => p.uid}
          empty="No players yet."
        />
        <ChatPanel
          title="Lobby chat"
          lines={view.chat}
          onSend={joined ? sendChat(view.id) : undefined}
          notice="Join the lobby to chat."
        />
      </div>
      <div className="battle-actions">
        {isOwner ? (
          <Button
            onClick={onStart}
            disabled={!canStart || busy !== null}
            busy={busy === 'start'}
            aria-describedby={`${headingId}-start`}
          >
            Start
          </Button>
        ) : null}
        {joined ? (
          <Button variant="secondary" onClick={onLeave} busy={busy === 'leave'} disabled={busy !== null}>
            Leave the Lobby
          </Button>
        ) : (
          <Button onClick={onJoin} busy={busy === 'join'} disabled={present.length >= settings.maxParticipants}>
            Join
          </Button>
        )}
      </div>
      {isOwner && !canStart ? (
        <p id={`${headingId}-start`} className="muted">
          {PUZZLE_TEXTS.needTwoPlayers}
        </p>
      ) : null}
    </section>
  );
}
