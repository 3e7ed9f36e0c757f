import { useId, useState, type FormEvent } from 'react';
import { formatAmount, REVIEW_ACTIONS, type ReviewAction } from '@rush/domain';
import { REVIEW_NOTE_MAX, type ReviewEvidence, type ReviewFindingView } from '@rush/protocol';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { CopyUid, formatTime, InputField } from '../parts.tsx';
import { useAdminMutation } from '../queries.ts';
import { actOnFinding } from './api.ts';

export const ACTION_WORDS: Record<ReviewAction, string> = { reviewed: 'Reviewed', contacted: 'Contacted the player' }; // ours
export const NOTE_NEEDED = 'Write a note: the audit log keeps it with the action.'; // ours

/** One line of evidence: what, how much, when, and the id to find it by in the ledger. */
function evidenceLine(e: ReviewEvidence): string {
  const parts = [e.label];
  if (e.amount !== null && e.currency) parts.push(formatAmount(e.amount, e.currency));
  if (e.at) parts.push(formatTime(e.at));
  return parts.join(' · ');
}

function ActionForm({ finding }: { finding: ReviewFindingView }) {
  const id = useId();
  const [action, setAction] = useState<ReviewAction>('reviewed');
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);
  const act = useAdminMutation(['review', 'audit'], actOnFinding);
  const name = `${finding.title} of ${finding.username}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = note.trim() === '';
    setInvalid(bad);
    if (bad) return;
    act.mutate({ uid: finding.uid, finding: finding.key, action, note: note.trim() }, { onSuccess: () => setNote('') });
  };
  return (
    <form className="admin-form review-action" onSubmit={submit} aria-label={`Action on ${name}`}>
      <div className="field">
        <label htmlFor={`${id}-action`}>Action</label>
        <select id={`${id}-action`} value={action} onChange={(e) => setAction(e.target.value as ReviewAction)}>
          {REVIEW_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {ACTION_WORDS[a]}
            </option>
          ))}
        </select>
      </div>
      <InputField label="Note" value={note} onValueChange={setNote} multiline maxLength={REVIEW_NOTE_MAX} />
      <Button type="submit" variant="secondary" busy={act.isPending} aria-label={`Record action on ${name}`}>
        Record action
      </Button>
      <FormMessage text={invalid ? NOTE_NEEDED : act.isError ? errorText(act.error) : null} />
      <FormMessage tone="success" text={act.isSuccess ? 'Recorded in the audit log.' : null} />
    </form>
  );
}

/** A finding: who, what, its evidence line by line, the last action on it, and the form to act. */
export function FindingCard({ finding }: { finding: ReviewFindingView }) {
  const last = finding.lastAction;
  return (
    <li className="admin-card review-finding" aria-label={`${finding.title}: ${finding.username}`}>
      <h3>
        {finding.username} <span className={`review-kind review-${finding.kind}`}>{finding.title}</span>
      </h3>
      <CopyUid uid={finding.uid} owner={finding.username} />
      <p>{finding.summary}</p>
      {finding.evidence.length > 0 ? (
        <ul className="review-evidence" aria-label={`Evidence of ${finding.title} of ${finding.username}`}>
          {finding.evidence.map((e, i) => (
            <li key={`${e.id ?? e.label}-${i}`}>
              {evidenceLine(e)}
              {e.id ? <code className="admin-muted"> {e.id}</code> : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="admin-muted">
        {last
          ? `Last action: ${ACTION_WORDS[last.action]} by ${last.admin.username}, ${formatTime(last.at)}: ${last.note}`
          : 'No action yet.'}
      </p>
      <ActionForm finding={finding} />
    </li>
  );
}
