import { expect } from 'vitest';
import { SOCIAL_ROUTES, SocialUserEvents } from '@rush/protocol';
import { Player } from '../play/support.ts';
import type { TestServer } from '../support/server.ts';

export { Player };

/** A signed-in user with a real socket following their own `user:{uid}` topic. */
export async function socialPlayer(server: TestServer): Promise<Player> {
  const p = await Player.join(server);
  await p.follow(`user:${p.uid}`);
  return p;
}

/** The user's friends list over HTTP. */
export async function friendsOf(p: Player) {
  const res = await p.http.get(SOCIAL_ROUTES.friends);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    friends: { uid: string; view: string; online: boolean; banned: boolean }[];
    pendingInvites: number;
  };
}

/** The view `p` has of `other` in their list (null: not listed). */
export async function viewOf(p: Player, other: Player): Promise<string | null> {
  return (await friendsOf(p)).friends.find((f) => f.uid === other.uid)?.view ?? null;
}

/** Waits for the next `friends.changed` about `other` with `event`. */
export const friendsChanged = (p: Player, other: Player, event: string) =>
  p.event(SocialUserEvents.friends, (d) => d.friend === other.uid && d.event === event);

/** a invites b, b accepts: friends. */
export async function befriend(a: Player, b: Player): Promise<void> {
  const invite = await a.http.post(SOCIAL_ROUTES.invite, { username: b.user.username });
  expect(invite.status, JSON.stringify(invite.body)).toBe(200);
  const accept = await b.http.post(SOCIAL_ROUTES.accept(a.uid), {});
  expect(accept.status, JSON.stringify(accept.body)).toBe(200);
}

/** Sends a message over HTTP, expecting it stored. */
export async function say(from: Player, to: Player, message: string) {
  const res = await from.http.post(SOCIAL_ROUTES.conversation(to.uid), { message });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.message as { id: string; content: string; timeSent: string; sender: string; read: boolean };
}
