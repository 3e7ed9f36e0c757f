import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { CHAT_MAX_LENGTH, checkChatText, codePointLength } from '@rush/domain';
import { Button } from './Button.tsx';
import { commandErrorText } from '../api/realtime-commands.ts';

export interface ChatLineLike {
  id: string;
  username: string;
  text: string;
}

interface ChatPanelProps {
  /** Heading and the log's accessible name ("Chat", "Spectator chat"). */
  title: string;
  lines: readonly ChatLineLike[];
  /** Sends a line; a rejection's text (the server's) is shown under the box. */
  onSend?: (text: string) => Promise<unknown>;
  /** Shown instead of the message box (e.g. 'Login to send messages'). */
  notice?: ReactNode;
  /** Next to the title (the spectator count). */
  aside?: ReactNode;
  className?: string;
}

/**
 * A chat: the log and a message box. SPEC 5: at most 140 characters, trimmed, an empty line is
 * not sent, and nothing else can be sent while one is on its way. Rule failures decided by the
 * server come back as its text and are shown as they are.
 */
export function ChatPanel({ title, lines, onSend, notice, aside, className }: ChatPanelProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lines.length]);

  const trimmed = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!onSend || sending) return;
    const check = checkChatText(text);
    if (!check.ok) {
      // SPEC 5: an empty line is simply not sent.
      if (check.reason !== 'empty') setError(check.message);
      return;
    }
    setSending(true);
    setError(null);
    onSend(check.text).then(
      () => {
        setSending(false);
        setText('');
        inputRef.current?.focus();
      },
      (err: unknown) => {
        setSending(false);
        setError(commandErrorText(err));
      },
    );
  };

  return (
    <section className={['chat-panel', className].filter(Boolean).join(' ')} aria-labelledby={`${id}-title`}>
      <div className="chat-head">
        <h2 className="panel-title" id={`${id}-title`}>
          {title}
        </h2>
        {aside}
      </div>
      {/* The log wraps the list: role="log" on the <ol> itself would leave its <li>s without a list. */}
      <div ref={logRef} className="chat-log" role="log" aria-labelledby={`${id}-title`} tabIndex={0}>
        {lines.length === 0 ? <p className="muted chat-empty">No messages yet.</p> : null}
        {lines.length > 0 ? (
          <ol className="chat-lines">
            {lines.map((line) => (
              <li key={line.id} className="chat-line">
                <span className="chat-author">{line.username}:</span> <span className="chat-text">{line.text}</span>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
      {onSend ? (
        <form className="chat-form" onSubmit={submit} aria-busy={sending || undefined}>
          <label htmlFor={`${id}-input`} className="visually-hidden">
            Message
          </label>
          <input
            ref={inputRef}
            id={`${id}-input`}
            value={text}
            readOnly={sending}
            autoComplete="off"
            placeholder="Message"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            onChange={(e) => {
              setText(e.target.value);
              if (error) setError(null);
            }}
          />
          <Button type="submit" disabled={trimmed.length === 0} busy={sending}>
            Send
          </Button>
          <span id={`${id}-count`} className="chat-count muted" aria-live="off">
            {codePointLength(text.trim())}/{CHAT_MAX_LENGTH}
          </span>
        </form>
      ) : (
        <p className="chat-notice">{notice}</p>
      )}
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
