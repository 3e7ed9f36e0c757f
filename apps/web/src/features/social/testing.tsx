import { expect } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import {
  PROTOCOL_VERSION,
  TOPICS,
  type ConversationView,
  type FriendEntryView,
  type Me,
  type MessagesResponse,
  type MessageView,
} from '@rush/protocol';
import { makeMe } from '../../test/fakes.ts';
import { dismissOnboardingForTests, mockApi, renderApp, type Handler } from '../../test/render.tsx';

/** Test data and an API double for the social component tests. */

export const ME = makeMe({ uid: 'u1', username: 'alice', chessUsername: 'alice' });

export function friend(overrides: Partial<FriendEntryView> = {}): FriendEntryView {
  return { uid: 'u2', username: 'bob', avatarUrl: null, online: true, banned: false, view: 'friend', ...overrides };
}

let nextId = 100;
export function message(overrides: Partial<MessageView> = {}): MessageView {
  nextId += 1;
  return {
    id: String(nextId),
    sender: 'u2',
    receiver: 'u1',
    content: 'hello',
    timeSent: new Date().toISOString(),
    read: false,
    ...overrides,
  };
}

export function conversation(last: MessageView, overrides: Partial<ConversationView> = {}): ConversationView {
  return { friend: { uid: 'u2', username: 'bob', avatarUrl: null }, last, unread: 0, ...overrides };
}

interface SocialApiOptions {
  me?: Me;
  friends?: FriendEntryView[];
  pendingInvites?: number;
  conversations?: ConversationView[];
  /** GET /api/messages/{uid} pages by `before` ('' = the newest). */
  pages?: Record<string, MessagesResponse>;
  routes?: Record<string, Handler>;
}

/**
 * The whole app at `path` over mockApi plus the social routes. `state` holds what the GETs
 * answer, so a test changes it between calls; `push` sends an event on the user's topic.
 */
export function startSocialApp(path: string, opts: SocialApiOptions = {}) {
  dismissOnboardingForTests();
  const me = opts.me ?? ME;
  const state = {
    friends: opts.friends ?? [],
    pendingInvites: opts.pendingInvites ?? 0,
    conversations: opts.conversations ?? [],
    pages: opts.pages ?? { '': { messages: [], hasMore: false } },
  };
  const urls: string[] = [];
  const api = mockApi({
    me,
    routes: {
      'GET /api/friends': () => ({ body: { friends: state.friends, pendingInvites: state.pendingInvites } }),
      'GET /api/messages': () => ({
        body: { conversations: state.conversations, unread: state.conversations.reduce((n, c) => n + c.unread, 0) },
      }),
      'GET /api/play/current': () => ({ body: { game: null } }),
      'GET /api/play/invitations': () => ({ body: { incoming: [], outgoing: [] } }),
      'GET /api/challenges': () => ({ body: { incoming: [], outgoing: [] } }),
      'GET /api/matchmaking/current': () => ({ body: { matchmaking: null } }),
      ...opts.routes,
    },
  });
  // Conversation pages are matched by prefix (the path carries the friend's uid).
  const baseFetch = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    urls.push(href);
    const url = new URL(href, 'http://localhost');
    if ((init.method ?? 'GET') === 'GET' && /^\/api\/messages\/[^/]+$/.test(url.pathname)) {
      const page = state.pages[url.searchParams.get('before') ?? ''] ?? { messages: [], hasMore: false };
      return new Response(JSON.stringify(page), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return baseFetch(input, init);
  });
  const app = renderApp(path);
  const connect = async () => {
    await waitFor(() => expect(app.realtime.sockets.length).toBeGreaterThan(0));
    const socket = app.realtime.sockets.at(-1)!;
    act(() => {
      socket.open();
      socket.receive({ t: 'hello', protocol: PROTOCOL_VERSION, connId: 'c1', authenticated: true });
    });
    return socket;
  };
  let version = 0;
  /** Pushes an event on `user:{me}` as the server would (versions in order). */
  const push = async (type: string, data: unknown) => {
    const socket = app.realtime.sockets.at(-1)?.readyState === 1 ? app.realtime.sockets.at(-1)! : await connect();
    version += 1;
    act(() => socket.receive({ t: 'ev', topic: TOPICS.user(me.uid), v: version, type, data }));
  };
  return { api, app, state, urls: () => urls, connect, push };
}
