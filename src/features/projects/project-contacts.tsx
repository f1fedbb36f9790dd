import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { CheckboxField, FormMessage, TextField } from '@/components/form-field';
import type { CompanyAction } from '@/domain/companies';
import { formatDueTime } from '@/domain/business-hours';
import type { ProjectView } from '@/domain/projects';
import { addContact, mailNewLink, revokeContact, setContactPays, type ProjectSource } from './api';
import { useAction } from '@/lib/use-action';
import { Section, type Rights } from './project-parts';

/** Adding, revoking and re-mailing a project's contacts (people outside the company, who may pay). */
const CONTACTS_ACTION: CompanyAction = 'manageProjectContacts';

export function Contacts({
  view,
  source,
  onChanged,
  rights,
}: {
  view: ProjectView;
  source: ProjectSource;
  onChanged: (message: string) => void;
  rights: Rights;
}) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [pays, setPays] = useState(false);
  // One message and one busy state for the list's buttons and the form: a change at a time.
  const action = useAction((change: () => Promise<void>) => change());
  if (!view.contacts) return null;
  const canManage = rights.may(CONTACTS_ACTION);
  /** A button's change to a contact, then what it changed said on the page. */
  const change = (apply: () => Promise<unknown>, said: string) => () =>
    void action.run(async () => {
      await apply();
      onChanged(said);
    });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const ok = await action.run(async () => {
      await addContact(source, { email, name, pays });
      const message = pays
        ? `We mailed ${email} a link to this project. The project's invoices will be mailed to them too.`
        : `We mailed ${email} a link to this project.`;
      onChanged(message);
    });
    if (ok) {
      setEmail('');
      setName('');
      setPays(false);
    }
  }
  return (
    <Section id="project-contacts" title="People following this project">
      <p className="text-sm text-slate-700">
        Add a colleague by email (someone who reviews, or who pays): they get a link that opens only this project for 30
        days, without an account, and can comment and sign off. The one who pays also gets each invoice the project
        issues, in the same email as you.
      </p>
      {view.contacts.length > 0 && (
        <ul className="space-y-2">
          {view.contacts.map((contact) => (
            <li key={contact.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span className="min-w-0 break-words">
                {contact.name ? `${contact.name} · ` : ''}
                {/* An address is one long word: only it may break anywhere, not the words around it. */}
                <span className="break-all">{contact.email}</span>
                {contact.pays ? ' · gets the invoices' : ''}
                {contact.revoked
                  ? ' · link revoked'
                  : contact.linkExpiresAtMs
                    ? ` · link valid until ${formatDueTime(new Date(contact.linkExpiresAtMs))}`
                    : ''}
              </span>
              {!contact.revoked && canManage && (
                <span className="flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`${contact.pays ? 'Stop mailing invoices' : 'Mail them the invoices'} (${contact.email})`}
                    onClick={change(
                      () => setContactPays(source, contact.id, !contact.pays),
                      contact.pays
                        ? `Invoices are no longer mailed to ${contact.email}.`
                        : `The project's invoices will be mailed to ${contact.email} too.`,
                    )}
                  >
                    {contact.pays ? 'Stop mailing invoices' : 'Mail them the invoices'}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={change(
                      () => mailNewLink(source, contact.id),
                      `A new link is on its way to ${contact.email}.`,
                    )}
                  >
                    Mail a new link
                  </Button>
                  <Button
                    size="sm"
                    variant="dangerOutline"
                    onClick={change(
                      () => revokeContact(source, contact.id),
                      `${contact.email} can no longer open this project.`,
                    )}
                  >
                    Revoke
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {!canManage ? (
        <p className="text-sm text-slate-700">{rights.refusal(CONTACTS_ACTION)}</p>
      ) : (
        <form
          aria-label="Add a contact"
          className="grid gap-2 sm:grid-cols-2 sm:items-end"
          onSubmit={(event) => void submit(event)}
        >
          <TextField
            label="Their email"
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
          <TextField label="Their name (optional)" value={name} onChange={(event) => setName(event.target.value)} />
          <CheckboxField checked={pays} onCheckedChange={setPays} fieldClassName="sm:col-span-2">
            They pay our invoices: mail them each invoice this project issues.
          </CheckboxField>
          <div>
            <Button type="submit" disabled={action.isBusy}>
              Add contact
            </Button>
          </div>
        </form>
      )}
      {action.error && <FormMessage tone="error">{action.error}</FormMessage>}
    </Section>
  );
}
