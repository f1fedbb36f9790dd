import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FilePicker } from '@/components/file-picker';
import { FormMessage, SelectField, TextAreaField, TextField } from '@/components/form-field';
import { MILESTONE_STATUS, type MilestoneStatus, type ProjectMilestoneView } from '@/domain/projects';
import { postProjectUpdate, setMilestoneStatus, uploadDeliverables } from '../api';
import { ProjectPage } from '../project-page';
import { useAction } from '@/lib/use-action';
import type { StaffForms } from '../project-parts';

/** The one link a staff form may send with its files: its two fields, and the list the API takes. */
function useLinkDraft() {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  return {
    /** The API's list; a name typed without its address would be dropped, so that is said before anything is sent. */
    links() {
      if (name.trim() && !url.trim()) throw new Error("Add the link's address, or clear its name.");
      return url ? [{ name, url }] : [];
    },
    clear() {
      setName('');
      setUrl('');
    },
    fields(labelSuffix = '') {
      return (
        <div className="grid gap-2 sm:grid-cols-2">
          <TextField label={`Link name${labelSuffix}`} value={name} onChange={(event) => setName(event.target.value)} />
          <TextField
            label={`Link address${labelSuffix}`}
            type="url"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
        </div>
      );
    },
  };
}

/** Staff move a milestone: its status, and for Ready for review its files, a link and a note. */
function StaffMilestoneForm({
  id,
  milestone,
  onDone,
}: {
  id: string;
  milestone: ProjectMilestoneView;
  onDone: (message: string) => void;
}) {
  const [status, setStatus] = useState<MilestoneStatus>(
    milestone.status === MILESTONE_STATUS.changes ? MILESTONE_STATUS.inProgress : milestone.status,
  );
  const [note, setNote] = useState('');
  const link = useLinkDraft();
  const [files, setFiles] = useState<File[]>([]);
  const action = useAction(async () => {
    if (status === MILESTONE_STATUS.ready) {
      const links = link.links();
      const fileIds = await uploadDeliverables(files);
      await setMilestoneStatus(id, milestone.index, {
        status,
        note,
        links,
        fileIds,
      });
    } else if (status === MILESTONE_STATUS.notStarted || status === MILESTONE_STATUS.inProgress) {
      await setMilestoneStatus(id, milestone.index, { status });
    }
    onDone(`${milestone.label}: ${status}.`);
  });
  async function submit(event: FormEvent) {
    event.preventDefault();
    await action.run();
  }
  return (
    <form
      aria-label={`Update ${milestone.label}`}
      className="space-y-2 rounded-lg bg-slate-50 p-3"
      onSubmit={(event) => void submit(event)}
    >
      <SelectField label="Status" value={status} onChange={(event) => setStatus(event.target.value as MilestoneStatus)}>
        {[MILESTONE_STATUS.notStarted, MILESTONE_STATUS.inProgress, MILESTONE_STATUS.ready].map((option) => (
          <option key={option}>{option}</option>
        ))}
      </SelectField>
      {status === MILESTONE_STATUS.ready && (
        <>
          <FilePicker label="Files for review" files={files} onChange={setFiles} />
          {link.fields(' (optional)')}
          <TextAreaField
            label="Note for the customer"
            hint="Attach a file or a link, or say here what to review (a walkthrough, a meeting)."
            rows={2}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </>
      )}
      {action.error && <FormMessage tone="error">{action.error}</FormMessage>}
      <Button type="submit" size="sm" disabled={action.isBusy}>
        {action.isBusy ? 'Saving...' : 'Save milestone'}
      </Button>
    </form>
  );
}

/** Staff post a progress update to the timeline: its text, a link and files; it is mailed to the customer. */
function StaffUpdateForm({ id, onDone }: { id: string; onDone: (message: string) => void }) {
  const [body, setBody] = useState('');
  const link = useLinkDraft();
  const [files, setFiles] = useState<File[]>([]);
  const action = useAction(async () => {
    const links = link.links();
    const fileIds = await uploadDeliverables(files);
    await postProjectUpdate(id, {
      body,
      links,
      fileIds,
    });
    onDone('Update posted and mailed.');
  });
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await action.run()) {
      setBody('');
      link.clear();
      setFiles([]);
    }
  }
  return (
    <form aria-label="Post an update" className="space-y-2" onSubmit={(event) => void submit(event)}>
      <TextAreaField label="Progress update" rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
      {link.fields(' (optional)')}
      <FilePicker label="Files" files={files} onChange={setFiles} />
      {action.error && <FormMessage tone="error">{action.error}</FormMessage>}
      <Button type="submit" disabled={action.isBusy}>
        {action.isBusy ? 'Sending...' : 'Post update'}
      </Button>
    </form>
  );
}

/** A project's page in the console: the shared page, with staff's forms (only the console imports this module). */
export function StaffProjectPage({ id }: { id: string }) {
  const staff: StaffForms = {
    milestone: (milestone: ProjectMilestoneView, onDone) => (
      <StaffMilestoneForm
        key={`${milestone.status}-${milestone.round}`}
        id={id}
        milestone={milestone}
        onDone={onDone}
      />
    ),
    update: (onDone) => <StaffUpdateForm id={id} onDone={onDone} />,
  };
  return <ProjectPage source={{ kind: 'staff', id }} staff={staff} />;
}
