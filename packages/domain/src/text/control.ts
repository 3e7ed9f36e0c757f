/**
 * The one rule for control characters in what clients send (issue 10): no string may carry a
 * C0 control other than tab, line feed and carriage return, nor DEL, nor a C1 control. They are
 * invisible, break logs and terminals, and PostgreSQL cannot store NUL at all. Multi-line texts
 * (bug reports) keep their line breaks; single-line fields refuse those in their own rules.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this rule's purpose
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasForbiddenControl(text: string): boolean {
  return FORBIDDEN_CONTROL.test(text);
}

/** Every control character, whitespace ones included: none belongs in a one-line text. */
// eslint-disable-next-line no-control-regex -- as above
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
/** The controls a multi-line text may not keep: all but tab and line feed. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_BUT_TAB_AND_LF = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** A one-line text (chat line, name, title): every control character becomes a space, then trimmed. */
export const oneLine = (raw: string): string => raw.replace(ANY_CONTROL, ' ').trim();

/** A multi-line text (a bug description): line breaks folded to LF and kept, tabs kept, other controls spaced, trimmed. */
export const multiLine = (raw: string): string =>
  raw.replace(/\r\n?/g, '\n').replace(CONTROL_BUT_TAB_AND_LF, ' ').trim();

/** Length as a person counts it: code points, not UTF-16 units (an emoji is one character). */
export const codePointLength = (text: string): number => [...text].length;

/**
 * Whether any string in a parsed JSON value (object keys included) breaks the rule. Iterative,
 * so a hostile body nested tens of thousands deep cannot overflow the stack.
 */
export function containsForbiddenControl(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (FORBIDDEN_CONTROL.test(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v) pending.push(item);
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (FORBIDDEN_CONTROL.test(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}
