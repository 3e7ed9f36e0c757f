import type { Me } from '@rush/protocol';
import { Link } from 'react-router';
import { buttonClass } from '../ui/Button.tsx';
import { KnightIcon } from '../ui/icons.tsx';
import { Balances } from '../features/accounts/header/Balances.tsx';
import { UserMenu } from '../features/accounts/header/UserMenu.tsx';
import { usePendingInvites, useUnreadMessages } from '../features/social/index.ts';
import { HeaderBreak } from '../features/wallet/index.ts';
import { useAppConfig, useSession } from '../api/session.ts';

/** The user menu with social's counts: the badge is the live friends list's (refetched on `friends.changed`). */
function SignedInMenu({ me }: { me: Me }) {
  const pending = usePendingInvites(me);
  const unread = useUnreadMessages(me);
  return <UserMenu me={me} pending={pending} unread={unread} />;
}

/**
 * SPEC 2 header: logo to /; visitors get Login and Sign up, users their balances and menu. Until
 * the session is known the actions keep their place empty: a signed-in user never sees Login
 * and Sign up flash on the first paint (issue 19).
 */
export function Header() {
  const { me, loading } = useSession();
  const { productName } = useAppConfig();
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label={`${productName} home`}>
          <KnightIcon />
          <span className="logo-text">{productName}</span>
        </Link>
        <div className="header-actions" aria-busy={loading}>
          {loading ? (
            <span className="header-actions-pending" />
          ) : me ? (
            <>
              <HeaderBreak me={me} />
              <Balances me={me} />
              <SignedInMenu me={me} />
            </>
          ) : (
            <>
              <Link to="/login" className={buttonClass('ghost')}>
                Login
              </Link>
              <Link to="/signup" className={buttonClass('primary')}>
                Sign up
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
