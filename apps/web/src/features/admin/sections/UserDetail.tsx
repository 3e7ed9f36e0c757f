import { useState } from 'react';
import { MODERATION_TEXTS, TEXTS, VERIFIED_LEVELS, type VerifiedLevel } from '@rush/domain';
import type { AdminUserDetail } from '@rush/protocol';
import { closeUserAccount, fetchChessProfile, setVerifiedLevel } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Amount } from '../../../ui/Amount.tsx';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { CopyUid, formatTime, SectionFrame } from '../parts.tsx';
import { useAdminMutation, useAdminUser } from '../queries.ts';
import { useFlash } from '../useFlash.ts';
import { TransactionsSection } from './TransactionsSection.tsx';
import { UserGames } from './UserGames.tsx';
import { UserLimits } from './UserLimits.tsx';

export const NO_CHESS_ACCOUNT_MS = 3000;

function VerifiedLevelSelect({ user }: { user: AdminUserDetail }) {
  const save = useAdminMutation(['users'], (level: VerifiedLevel) => setVerifiedLevel(user.uid, level));
  return (
    <div className="field">
      <label htmlFor={`level-${user.uid}`}>Verified level</label>
      <select
        id={`level-${user.uid}`}
        value={save.isPending ? save.variables : user.verifiedLevel}
        disabled={save.isPending}
        onChange={(e) => save.mutate(e.target.value as VerifiedLevel)}
      >
        {VERIFIED_LEVELS.map((level) => (
          <option key={level} value={level}>
            {level}
          </option>
        ))}
      </select>
      <FormMessage text={save.isError ? errorText(save.error) : null} />
    </div>
  );
}

/** SPEC 6: open the user's chess profile in a new tab; 'No LiChess account' for 3 s when none. */
function ChessProfileButton({ uid }: { uid: string }) {
  const [flash, showFlash] = useFlash(NO_CHESS_ACCOUNT_MS);
  // A write-shaped call so that a 403 sends the viewer to / like every other admin call.
  const profile = useAdminMutation([], () => fetchChessProfile(uid));
  const open = () =>
    profile.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (url) window.open(url, '_blank', 'noopener,noreferrer');
        else showFlash(MODERATION_TEXTS.noChessAccount);
      },
      onError: (error) => showFlash(errorText(error)),
    });
  return (
    <>
      <Button variant="secondary" busy={profile.isPending} onClick={open}>
        Chess profile
      </Button>
      <FormMessage text={flash} />
    </>
  );
}

function CloseAccount({ user }: { user: AdminUserDetail }) {
  const [asking, setAsking] = useState(false);
  const close = useAdminMutation(['users', 'balances'], () => closeUserAccount(user.uid));
  if (user.closed) return <p className="admin-muted">The account is closed.</p>;
  return (
    <>
      <Button variant="danger" onClick={() => setAsking(true)}>
        Close account
      </Button>
      {asking ? (
        <ConfirmDialog
          title="Close account"
          message={TEXTS.confirmCloseAccount}
          confirmLabel="Close account"
          busy={close.isPending}
          error={close.isError ? errorText(close.error) : null}
          onCancel={() => setAsking(false)}
          onConfirm={() => close.mutate(undefined, { onSuccess: () => setAsking(false) })}
        />
      ) : null}
    </>
  );
}

function Overview({ user }: { user: AdminUserDetail }) {
  return (
    <dl className="admin-card">
      <dt>Uid</dt>
      <dd>
        <CopyUid uid={user.uid} owner={user.username} />
      </dd>
      <dt>E-mail</dt>
      <dd>
        {user.email}
        {user.emailVerified ? '' : ' (unverified)'}
      </dd>
      <dt>Balances</dt>
      <dd>
        <Amount minor={user.balances.usd} currency="usd" /> · <Amount minor={user.balances.wbx} currency="wbx" />
        {user.hasWallet ? '' : ' (no wallet)'}
      </dd>
      <dt>Chess account</dt>
      <dd>{user.chessUsername ?? '-'}</dd>
      <dt>Ban</dt>
      <dd>{user.ban ? `${user.ban.reason || 'No reason'} (${formatTime(user.ban.at)})` : 'Not banned'}</dd>
      <dt>Open reports</dt>
      <dd>{user.openReports}</dd>
    </dl>
  );
}

/** SPEC 2 / 6: one user: verified level, chess profile, close account, limits, games, transactions. */
export function UserDetail({ uid }: { uid: string }) {
  const query = useAdminUser(uid);
  return (
    <QueryState query={query} loading="Loading the user…" subject="user">
      {(user) => (
        <SectionFrame title={user.username} level={3}>
          <Overview user={user} />
          <div className="admin-card">
            <VerifiedLevelSelect user={user} />
            <div className="admin-actions">
              <ChessProfileButton uid={user.uid} />
              <CloseAccount user={user} />
            </div>
          </div>
          <UserLimits user={user} />
          <UserGames uid={user.uid} username={user.username} />
          <TransactionsSection uid={user.uid} username={user.username} />
        </SectionFrame>
      )}
    </QueryState>
  );
}
