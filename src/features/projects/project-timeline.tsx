import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormMessage, TextAreaField } from '@/components/form-field';
import { formatDueTime } from '@/domain/business-hours';
import type { ProjectView } from '@/domain/projects';
import { postComment, type ProjectSource } from './api';
import { useAction } from '@/lib/use-action';
import { FileButton, Section, SharedLink, type Rights, type StaffForms } from './project-parts';

/** The customer's or a contact's comment (staff post updates with their own form, see StaffForms). */
function CommentForm({ source, onChanged }: { source: ProjectSource; onChanged: (message: string) => void }) {
  const [body, setBody] = useState('');
  const action = useAction(async () => {
    await postComment(source, body);
    onChanged('Comment sent.');
  });
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await action.run()) setBody('');
  }
  return (
    <form aria-label="Comment" className="space-y-2" onSubmit={(event) => void submit(event)}>
      <TextAreaField label="Your comment" rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
      {action.error && <FormMessage tone="error">{action.error}</FormMessage>}
      <Button type="submit" disabled={action.isBusy}>
        {action.isBusy ? 'Sending...' : 'Send comment'}
      </Button>
    </form>
  );
}

export function Timeline({
  view,
  source,
  onChanged,
  rights,
  staff,
}: {
  view: ProjectView;
  source: ProjectSource;
  onChanged: (message: string) => void;
  rights: Rights;
  staff?: StaffForms;
}) {
  const isStaff = view.viewer === 'staff' && source.kind === 'staff';
  return (
    <Section id="project-updates" title="Updates and comments">
      {isStaff && staff ? (
        staff.update(onChanged)
      ) : !rights.may('commentProject') ? (
        <p className="text-sm text-slate-700">{rights.refusal('commentProject')}</p>
      ) : (
        <CommentForm source={source} onChanged={onChanged} />
      )}
      {view.updates.length === 0 ? (
        <p className="text-slate-700">No updates yet.</p>
      ) : (
        <ol className="space-y-3">
          {view.updates.map((update) => (
            <li key={update.id} className="rounded-lg bg-slate-50 p-3" data-testid="project-update">
              <p className="text-sm text-slate-700">
                {update.authorName}
                {update.authorRole === 'staff'
                  ? update.authorName === 'Nimbus team'
                    ? ''
                    : ' (Nimbus team)'
                  : update.authorRole === 'contact'
                    ? ' (contact)'
                    : ''}{' '}
                · {formatDueTime(new Date(update.atMs))}
                {update.milestone !== null && view.milestones[update.milestone]
                  ? ` · on ${view.milestones[update.milestone]!.label}`
                  : ''}
              </p>
              <p className="mt-1 pasted-text text-slate-900">{update.body}</p>
              {update.links.map((link) => (
                <SharedLink key={link.url} url={link.url} name={link.name} className="mt-1 block text-sm" />
              ))}
              {update.files.length > 0 && (
                <div className="mt-1 flex flex-col items-start gap-1">
                  {update.files.map((file) => (
                    <FileButton key={file.id} source={source} file={file} />
                  ))}
                </div>
              )}
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}
