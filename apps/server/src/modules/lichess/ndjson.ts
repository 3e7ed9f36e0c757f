/**
 * Newline-delimited JSON (lichess-api.yaml "Streaming with ND-JSON"): one JSON object per line;
 * empty lines are keep-alives (the event stream sends one every 7 s). Bytes arrive in chunks that
 * cut lines, and even UTF-8 characters, anywhere: the reader keeps the tail for the next chunk.
 */
export class NdjsonParseError extends Error {
  constructor(readonly line: string) {
    super(`malformed ndjson line: ${line.slice(0, 120)}`);
    this.name = 'NdjsonParseError';
  }
}

/** A line longer than this is refused (a broken or hostile stream), 1 MiB. */
export const MAX_LINE_CHARS = 1 << 20;

export type NdjsonItem = { kind: 'keepAlive' } | { kind: 'value'; value: Record<string, unknown> };

export class NdjsonLineReader {
  private readonly decoder = new TextDecoder('utf-8');
  private tail = '';

  /** Feeds a chunk; returns the complete lines' items; throws NdjsonParseError on a malformed line. */
  push(chunk: Uint8Array | string): NdjsonItem[] {
    this.tail += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const items: NdjsonItem[] = [];
    let nl: number;
    while ((nl = this.tail.indexOf('\n')) >= 0) {
      const line = this.tail.slice(0, nl);
      this.tail = this.tail.slice(nl + 1);
      items.push(parseLine(line));
    }
    if (this.tail.length > MAX_LINE_CHARS) throw new NdjsonParseError(this.tail);
    return items;
  }

  /** The end of the stream: a last line without its newline still counts. */
  end(): NdjsonItem[] {
    const rest = this.tail + this.decoder.decode();
    this.tail = '';
    return rest.trim() === '' ? [] : [parseLine(rest)];
  }
}

function parseLine(raw: string): NdjsonItem {
  const line = raw.trim();
  if (line === '') return { kind: 'keepAlive' };
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new NdjsonParseError(line);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new NdjsonParseError(line);
  return { kind: 'value', value: value as Record<string, unknown> };
}
