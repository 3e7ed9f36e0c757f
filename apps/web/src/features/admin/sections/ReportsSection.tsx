import { useState } from 'react';
import type { AdminPlayerReport } from '@rush/protocol';
import { confirmCheating, dismissReports } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { SectionFrame } from '../parts.tsx';
import { ConfirmCheatingDialog } from './ConfirmCheatingDialog.tsx';
import { useAdminMutation, useReports } from '../queries.ts';
import { ReportsTable } from '../ReportsTable.tsx';

export const CONFIRM_CHEATING_TEXT =
  'Confirm cheating? The player is banned with this reason and their reports are removed.'; // ours

/** SPEC 4: confirming cheating bans the player and removes the reports; asked first, with a reason. */
function ConfirmReportsDialog({ report, onClose }: { report: AdminPlayerReport; onClose: () => void }) {
  const confirm = useAdminMutation(['reports', 'bans', 'users'], (reason: string) =>
    confirmCheating(report.id, reason),
  );
  return (
    <ConfirmCheatingDialog
      username={report.username}
      explanation={CONFIRM_CHEATING_TEXT}
      mutation={confirm}
      onClose={onClose}
      onConfirmed={onClose}
    />
  );
}

/** SPEC 2 Reported players: dismiss (archives the player's reports) or confirm cheating. */
export function ReportsSection() {
  const query = useReports(false);
  const [confirming, setConfirming] = useState<AdminPlayerReport | null>(null);
  const dismiss = useAdminMutation(['reports'], (uid: string) => dismissReports(uid));
  return (
    <SectionFrame title="Reported players">
      <QueryState query={query} loading="Loading reports…" subject="reports">
        {(data) => (
          <ReportsTable
            caption="Reported players"
            reports={data.reports}
            actions={(r) => (
              <span className="admin-actions">
                <Button
                  variant="secondary"
                  busy={dismiss.isPending && dismiss.variables === r.uid}
                  aria-label={`Dismiss reports of ${r.username}`}
                  onClick={() => dismiss.mutate(r.uid)}
                >
                  Dismiss
                </Button>
                <Button
                  variant="danger"
                  aria-haspopup="dialog"
                  aria-label={`Confirm cheating by ${r.username}`}
                  onClick={() => setConfirming(r)}
                >
                  Confirm cheating
                </Button>
              </span>
            )}
          />
        )}
      </QueryState>
      <FormMessage text={dismiss.isError ? errorText(dismiss.error) : null} />
      {confirming ? <ConfirmReportsDialog report={confirming} onClose={() => setConfirming(null)} /> : null}
    </SectionFrame>
  );
}
