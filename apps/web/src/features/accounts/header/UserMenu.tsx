import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, type To } from 'react-router';
import type { Me } from '@rush/protocol';
import { Avatar } from '../../../ui/Avatar.tsx';
import { Username } from '../../../ui/Username.tsx';
import { overlayLink, useCloseOverlay, useOverlayOpen, withoutFlag } from '../../../ui/overlayFlags.ts';

interface MenuEntry {
  label: string;
  /** Where it goes; null when the entry is not available (yet). */
  to: To | null;
  state?: unknown;
  /** SPEC 6: banned users cannot use entries that act. */
  acts: boolean;
  badge?: { count: number; says: string };
}

/** SPEC 2 query flag that opens this menu (a link can show a user where their menu is). */
export const MENU_FLAG = 'showtempmenu';

function menuEntries(
  location: ReturnType<typeof useLocation>,
  pendingInvites: number,
  unreadMessages: number,
): MenuEntry[] {
  const overlay = (flag: string) => overlayLink(location, flag);
  return [
    { label: 'Wallet', to: '/wallet', acts: true },
    {
      label: 'Messages',
      ...overlay('showmessagespopup'),
      acts: true,
      badge: { count: unreadMessages, says: 'unread' },
    },
    { label: 'Account Settings', ...overlay('settings'), acts: false },
    { label: 'History', ...overlay('history'), acts: false },
    { label: 'Friends', ...overlay('friendslist'), acts: true, badge: { count: pendingInvites, says: 'pending' } },
    { label: 'Help & Support', to: '/support', acts: false },
    { label: 'Refer A Friend', to: null, acts: true },
  ];
}

function MenuItems({ entries, banned, onDone }: { entries: MenuEntry[]; banned: boolean; onDone: () => void }) {
  return entries.map((entry) => {
    const badge =
      entry.badge && entry.badge.count > 0 ? (
        <span className="badge" aria-label={`${entry.badge.count} ${entry.badge.says}`}>
          {entry.badge.count}
        </span>
      ) : null;
    if (!entry.to || (banned && entry.acts)) {
      return (
        <button
          key={entry.label}
          type="button"
          role="menuitem"
          aria-disabled="true"
          className="menu-item"
          tabIndex={-1}
        >
          {entry.label}
          {badge}
        </button>
      );
    }
    return (
      <Link
        key={entry.label}
        role="menuitem"
        className="menu-item"
        to={entry.to}
        state={entry.state}
        tabIndex={-1}
        onClick={onDone}
      >
        {entry.label}
        {badge}
      </Link>
    );
  });
}

interface UserMenuProps {
  me: Me;
  /** SPEC 2 badge: the live friends list's pending invitations (app/Header reads them from social). */
  pending: number;
  /** Unread messages (app/Header reads them from social). */
  unread: number;
}

/** The avatar button and its dropdown (SPEC 2 user menu). Escape, Tab or a click outside close it. */
export function UserMenu({ me, pending, unread }: UserMenuProps) {
  const location = useLocation();
  // `?showtempmenu` opens the menu; closing it removes the flag, and removing the flag closes it.
  const flagged = useOverlayOpen(MENU_FLAG);
  const closeFlag = useCloseOverlay(MENU_FLAG);
  const [opened, setOpened] = useState(false);
  const open = opened || flagged;
  const setOpen = (next: boolean) => {
    setOpened(next);
    if (!next && flagged) closeFlag();
  };
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // The entries lead on from the page without the flag, so following one leaves the menu closed.
  const entries = menuEntries({ ...location, search: withoutFlag(location.search, MENU_FLAG) }, pending, unread);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) {
        setOpened(false);
        if (flagged) closeFlag();
      }
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open, flagged, closeFlag]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.findIndex((el) => el === document.activeElement);
    let next: HTMLElement | undefined;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
      return;
    }
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (event.key === 'ArrowDown') next = list[(index + 1) % list.length];
    else if (event.key === 'ArrowUp') next = list[(index - 1 + list.length) % list.length];
    else if (event.key === 'Home') next = list[0];
    else if (event.key === 'End') next = list[list.length - 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="avatar-button"
        aria-label="User menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <Avatar url={me.avatarUrl} name={me.username} size={34} />
        {pending > 0 || unread > 0 ? <span className="avatar-dot" aria-hidden="true" /> : null}
      </button>
      {open ? (
        <div className="menu-panel">
          <div className="menu-header">
            <Avatar url={me.avatarUrl} name={me.username} size={40} />
            <Username name={me.username} color={me.usernameColor} />
          </div>
          <div id={menuId} ref={menu} role="menu" aria-label="User menu" className="menu" onKeyDown={onMenuKey}>
            <MenuItems entries={entries} banned={me.banned} onDone={() => setOpened(false)} />
          </div>
        </div>
      ) : null}
    </div>
  );
}
