import { useState, type FormEvent } from 'react';
import type { AppStateView } from '@rush/protocol';
import { setAnnouncement, setPaused } from '../api.ts';
import { errorText } from '../../../api/http.ts';
import { Button } from '../../../ui/Button.tsx';
import { FormMessage, TextField } from '../../../ui/Field.tsx';
import { QueryState } from '../../../ui/QueryState.tsx';
import { fromLocalInput, InputField, SectionFrame, toLocalInput } from '../parts.tsx';
import { useAdminMutation, useAppStateAdmin } from '../queries.ts';
import { ADMIN_LIMITS } from '../limits.ts';

/** SPEC 2 / 4: game creation running or paused (admin toggle); paused shows the announcement. */
function PauseToggle({ paused }: { paused: boolean }) {
  const pause = useAdminMutation(['app'], setPaused);
  return (
    <div className="admin-card">
      <p role="status">{paused ? 'New games are paused.' : 'New games are running.'}</p>
      <Button variant={paused ? 'primary' : 'danger'} busy={pause.isPending} onClick={() => pause.mutate(!paused)}>
        {paused ? 'Resume new games' : 'Pause new games'}
      </Button>
      <FormMessage text={pause.isError ? errorText(pause.error) : null} />
    </div>
  );
}

type AnnouncementSave = ReturnType<typeof useAnnouncementSave>;
const useAnnouncementSave = () => useAdminMutation(['app'], setAnnouncement);

/**
 * SPEC 3 announcement {show, title, text, returnTime}. The form is remounted whenever the saved
 * announcement changes (this admin's save or another's), so its draft starts from what is
 * saved; the save itself lives in the section, so its answer outlives that remount.
 */
function AnnouncementForm({ state, save }: { state: AppStateView; save: AnnouncementSave }) {
  const a = state.announcement;
  const [show, setShow] = useState(a.show);
  const [title, setTitle] = useState(a.title);
  const [text, setText] = useState(a.text);
  const [returnTime, setReturnTime] = useState(toLocalInput(a.returnTime));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ show, title: title.trim(), text: text.trim(), returnTime: fromLocalInput(returnTime) });
  };
  return (
    <form className="admin-card" onSubmit={submit} aria-label="Announcement">
      <h3>Announcement</h3>
      <div className="field">
        <label>
          <input type="checkbox" checked={show} onChange={(e) => setShow(e.target.checked)} /> Show announcement
        </label>
      </div>
      <TextField label="Title" value={title} onValueChange={setTitle} maxLength={ADMIN_LIMITS.announcementTitle} />
      <InputField
        label="Text"
        value={text}
        onValueChange={setText}
        multiline
        maxLength={ADMIN_LIMITS.announcementText}
      />
      <InputField label="Return time" type="datetime-local" value={returnTime} onValueChange={setReturnTime} />
      <Button type="submit" busy={save.isPending}>
        Save announcement
      </Button>
      <FormMessage text={save.isError ? errorText(save.error) : null} />
      <FormMessage text={save.isSuccess ? 'Announcement saved.' : null} tone="success" />
    </form>
  );
}

export function AppSection() {
  const query = useAppStateAdmin();
  const save = useAnnouncementSave();
  return (
    <SectionFrame title="Pause and announcement">
      <QueryState query={query} loading="Loading the app state…" subject="app state">
        {(state) => (
          <>
            <PauseToggle paused={state.paused} />
            <AnnouncementForm key={JSON.stringify(state.announcement)} state={state} save={save} />
          </>
        )}
      </QueryState>
    </SectionFrame>
  );
}
