/**
 * A streaming CSV record parser (RFC 4180): fields separated by commas, a field may be quoted,
 * a quote inside a quoted field is doubled, and a quoted field may hold commas and line breaks.
 * The Lichess export never quotes in practice, so the fast path is a plain split of a line
 * without quotes; text is fed chunk by chunk and only the current unfinished record is kept.
 */
export class CsvRecords {
  private pending = '';

  /** Feeds a chunk of text; returns the records it completed. */
  push(chunk: string): string[][] {
    const text = this.pending + chunk;
    const out: string[][] = [];
    let start = 0;
    for (;;) {
      const end = recordEnd(text, start);
      if (end < 0) break;
      out.push(parseRecord(text.slice(start, end)));
      start = end + 1;
    }
    this.pending = text.slice(start);
    return out;
  }

  /** The last record when the input does not end with a line break. */
  end(): string[][] {
    const rest = this.pending;
    this.pending = '';
    return rest.replace(/\r$/, '') === '' ? [] : [parseRecord(rest)];
  }
}

/** Index of the line break that ends the record starting at `start` (outside quotes); -1 if none yet. */
function recordEnd(text: string, start: number): number {
  const nl = text.indexOf('\n', start);
  if (nl < 0) return -1;
  const quote = text.indexOf('"', start);
  if (quote < 0 || quote > nl) return nl;
  let inQuotes = false;
  for (let i = start; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34)
      inQuotes = !inQuotes; // a doubled quote toggles twice
    else if (c === 10 && !inQuotes) return i;
  }
  return -1;
}

/** One record's fields (without its line break; a trailing CR is dropped). */
export function parseRecord(line: string): string[] {
  const s = line.endsWith('\r') ? line.slice(0, -1) : line;
  if (!s.includes('"')) return s.split(',');
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else inQuotes = false;
      } else field += c;
    } else if (c === '"') inQuotes = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}
