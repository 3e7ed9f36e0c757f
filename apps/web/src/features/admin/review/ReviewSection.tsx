import { useId, useState, type FormEvent } from 'react';
import { REVIEW_KINDS, type ReviewKind } from '@rush/domain';
import { Button, buttonClass } from '../../../ui/Button.tsx';
import { TextField } from '../../../ui/Field.tsx';
import { pageCountOf, Pagination } from '../../../ui/Pagination.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { SectionFrame } from '../parts.tsx';
import { reviewCsvUrl, useReview, type ReviewFilters } from './api.ts';
import { FindingCard } from './FindingCard.tsx';
import './review.css';

export const KIND_WORDS: Record<ReviewKind, string> = {
  limit: 'Limits near or reached',
  'cool-off': 'Cool-offs',
  exclusion: 'Self-exclusions',
  pattern: 'Patterns worth a look',
}; // ours

/**
 * Issue 37 (operators): players near or at their limits, on a break, self-excluded, or showing a
 * pattern (deposit after deposit within a day, stakes rising after losses), each with its
 * evidence and the last action on it; an action is recorded with a note (the audit log keeps
 * it); the same findings download as CSV for a regulator.
 */
export function ReviewSection() {
  const id = useId();
  const [filters, setFilters] = useState<ReviewFilters>({ kind: '', uid: '' });
  const [uid, setUid] = useState('');
  const [page, setPage] = useState(1);
  const query = useReview(filters, page);
  const apply = (next: Partial<ReviewFilters>) => {
    setFilters({ ...filters, ...next });
    setPage(1);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ uid: uid.trim() });
  };
  return (
    <SectionFrame title="Responsible gaming">
      <form className="admin-card admin-form review-tools" onSubmit={submit} aria-label="Review filters">
        <div className="field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select
            id={`${id}-kind`}
            value={filters.kind}
            onChange={(e) => apply({ kind: e.target.value as ReviewKind | '' })}
          >
            <option value="">All kinds</option>
            {REVIEW_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_WORDS[k]}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Player uid" value={uid} onValueChange={setUid} autoComplete="off" maxLength={64} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <a className={buttonClass('secondary')} href={reviewCsvUrl(filters)} download>
          Download CSV
        </a>
      </form>
      <QueryState query={query} loading="Loading the review…" subject="responsible-gaming review">
        {(data) =>
          data.findings.length === 0 ? (
            <p className="table-empty">Nothing to review.</p>
          ) : (
            <>
              <ul className="admin-list" aria-label="Findings" aria-busy={query.isPlaceholderData || undefined}>
                {data.findings.map((f) => (
                  <FindingCard key={`${f.uid}|${f.key}`} finding={f} />
                ))}
              </ul>
              <Pagination
                label="Pages of the review"
                page={page}
                pageCount={pageCountOf(data.total, data.pageSize)}
                onPage={setPage}
              />
            </>
          )
        }
      </QueryState>
    </SectionFrame>
  );
}
