import type { ReactNode } from 'react';
import { errorText } from '../api/http.ts';
import { Button } from './Button.tsx';
import './query-state.css';

/**
 * What QueryState reads of a read: a TanStack query result has it, and a page that waits on
 * several reads can combine them into one. `data` is undefined until the read has answered.
 */
export interface QueryStatus<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryStatus<T>;
  /** The loading line, as the page words it ("Loading transactions…"). */
  loading: string;
  /**
   * What Try again reads again ("transactions"), after the visible words in its accessible name
   * ("Try again: transactions"), so two failed reads on one screen have two distinct buttons.
   */
  subject: string;
  /** The failure line; the server's message (errorText) unless the page words it its own way. */
  describe?: (error: unknown) => string;
  /** False when reading again cannot help (a game that does not exist): the failure alone. */
  retry?: boolean;
  /** Placement classes for both lines (e.g. `page`). */
  className?: string;
  /** The page once the read has answered; without it QueryState shows only the waiting and failing. */
  children?: (data: T) => ReactNode;
}

/**
 * The one loading / failure / Try again block of the web: while a read is out, its loading line
 * (announced politely, role status); when it failed, the failure (role alert) with Try again,
 * which reads again; once it answered, the page. A failure wins over older data, as it must be seen.
 */
export function QueryState<T>({
  query,
  loading,
  subject,
  describe = errorText,
  retry = true,
  className,
  children,
}: QueryStateProps<T>) {
  const classes = (base: string) => [base, className].filter(Boolean).join(' ');
  if (query.isError) {
    return (
      <div className={classes('query-error')} role="alert">
        <p>{describe(query.error)}</p>
        {retry ? (
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again<span className="visually-hidden">: {subject}</span>
          </Button>
        ) : null}
      </div>
    );
  }
  if (query.data === undefined) {
    return (
      <p className={classes('query-loading')} role="status">
        {loading}
      </p>
    );
  }
  return children ? children(query.data) : null;
}
