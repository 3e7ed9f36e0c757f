import type { TopicEvent } from '@rush/protocol';
import type { RealtimeHub } from '../../../src/platform/realtime/types.ts';

/**
 * The hub as a transport: any topic, any event type, any data. The hub's own tests publish
 * made-up events to prove versioning, resume and fan-out; modules publish typed events only.
 */
export const raw = (hub: Pick<RealtimeHub, 'publish'>) =>
  hub as unknown as { publish(topic: string, type: string, data: unknown): Promise<TopicEvent> };
