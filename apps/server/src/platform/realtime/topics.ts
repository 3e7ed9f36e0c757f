import type { Connection, TopicPolicy } from './types.ts';

/** "game:42" -> "game"; "presence" (no colon) -> "presence". */
export function topicFamily(topic: string): string {
  const colon = topic.indexOf(':');
  return colon === -1 ? topic : topic.slice(0, colon);
}

/**
 * `user:{uid}` is only ever for its own user: the hub delivers session events on it and closes
 * sockets from it, so it ships with that rule. A module may replace it (to add a snapshot),
 * but must keep the rule.
 */
export const ownUserTopic: TopicPolicy = {
  authorize: (conn: Connection, topic: string) => conn.userId !== null && topic === `user:${conn.userId}`,
};

/** Topic families and who may follow them. Unknown families are refused. */
export class TopicRegistry {
  private readonly policies = new Map<string, TopicPolicy>();
  private readonly replaceable = new Set<string>();

  constructor() {
    this.policies.set('user', ownUserTopic);
    this.replaceable.add('user');
  }

  register(family: string, policy: TopicPolicy): void {
    if (family.includes(':') || family === '') throw new Error(`invalid topic family "${family}"`);
    // Two modules claiming one family is a wiring bug: fail at start, not by a silent override.
    if (this.policies.has(family) && !this.replaceable.has(family)) {
      throw new Error(`topic family "${family}" is already registered`);
    }
    this.replaceable.delete(family);
    this.policies.set(family, policy);
  }

  policyFor(topic: string): TopicPolicy | undefined {
    return this.policies.get(topicFamily(topic));
  }
}
