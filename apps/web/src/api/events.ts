import { topicKindOf, type KindOf, type ParsedEvent } from '@rush/protocol';
import { loadedSchemas } from './schemaLoader.ts';

/** A realtime event read by the protocol's map (TOPIC_EVENTS), typed by its topic's kind. */
export type EventOn<T extends string> = ParsedEvent<KindOf<T>>;

/**
 * The web's one parse of realtime events: the event must be one its topic carries, with data of
 * that event's shape. Anything else is dropped (null); `useTopic` then resyncs the topic, since
 * a dropped event may have carried a change. Events come from the socket, which opens only once
 * the schemas have loaded.
 */
export function parseEvent<T extends string>(topic: T, event: { type: string; data: unknown }): EventOn<T> | null {
  const kind = topicKindOf(topic);
  if (!kind) return null;
  return loadedSchemas().parseTopicEvent(kind, event);
}
