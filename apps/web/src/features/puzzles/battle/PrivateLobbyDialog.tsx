import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { LOBBY, PUZZLE_TEXTS } from '@rush/domain';
import type { LobbySummary } from '@rush/protocol';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage, TextField } from '../../../ui/Field.tsx';
import { Overlay } from '../../../ui/Overlay.tsx';
import { joinFailureText, joinWithCode } from './errors.ts';
import { BATTLE_KEYS, joinByCode } from './api.ts';
import { storeLobby } from './queries.ts';
import { codeOf, lobbyPath, rowLobbyOf } from './query.ts';

/** SPEC 5: the code is required, at most 120 characters. */
export function codeError(code: string): string | null {
  if (code.trim().length === 0) return PUZZLE_TEXTS.codeRequired;
  if (code.trim().length > LOBBY.codeMax) return PUZZLE_TEXTS.codeTooLong;
  return null;
}

function PrivateLobbyForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  // A join link (`?code=`) fills the code in; the person still presses Join.
  const [code, setCode] = useState(() => codeOf(location.search));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Opened from a private row: the code joins that lobby only, and the dialog says whose it is.
  const rowLobby = rowLobbyOf(location.search);
  // The list under the dialog keeps the lobbies' cache current; reading it subscribes to nothing.
  const rows = client.getQueryData<LobbySummary[]>(BATTLE_KEYS.lobbies);
  const rowOwner = rows?.find((l) => l.id === rowLobby)?.owner ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = codeError(code);
    setFieldError(invalid);
    setError(null);
    if (invalid) return;
    setBusy(true);
    joinWithCode((gps) => joinByCode(code.trim(), gps, rowLobby)).then(
      (view) => {
        setBusy(false);
        storeLobby(client, view);
        void navigate(lobbyPath(view.id), { replace: true });
      },
      (err: unknown) => {
        setBusy(false);
        setError(joinFailureText(err, PUZZLE_TEXTS.lobbyUnavailable));
      },
    );
  };

  return (
    <form className="private-lobby-form" onSubmit={submit} noValidate>
      {rowOwner ? <p>{PUZZLE_TEXTS.privateRowHint(rowOwner)}</p> : null}
      <TextField
        label="Lobby code"
        value={code}
        onValueChange={(v) => {
          setCode(v);
          setFieldError(null);
        }}
        maxLength={LOBBY.codeMax}
        autoComplete="off"
        required
        error={fieldError}
        data-autofocus
      />
      <FormMessage text={error} />
      <Button type="submit" busy={busy}>
        Join
      </Button>
    </form>
  );
}

/** SPEC 2 private-lobby modal (`?privateLobby`): a code, then Join. */
export function PrivateLobbyDialog() {
  return (
    <Overlay flag="privateLobby" title="Join private lobby">
      <PrivateLobbyForm />
    </Overlay>
  );
}
