import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf, TextField } from '@/components/form-field';
import {
  INVITATION_DAYS,
  invitationSchema,
  type CompanyView,
  type Invitation,
  type InvitationForm,
  type MemberRole,
  type ProjectContactRef,
} from '@/domain/company-members';
import { COMPANY_ROLE_LABELS } from '@/domain/companies';
import { useLoad } from '@/lib/use-load';
import { getProjectContacts, inviteMember, type CompanyScope } from './api';
import { companyNameOf, RoleFields, type Run } from './members-parts';

const EMPTY: InvitationForm = { email: '', name: '', role: 'technical', canApprove: false };

/** Invite by e-mail (or from a project contact of the company): the mail carries a 7-day link. */
export function InviteForm({
  scope,
  view,
  isBusy,
  run,
}: {
  scope: CompanyScope;
  view: CompanyView;
  isBusy: boolean;
  run: Run;
}) {
  const form = useForm<InvitationForm, unknown, Invitation>({
    resolver: zodResolver(invitationSchema),
    defaultValues: EMPTY,
  });
  const field = fieldsOf(form);
  const [fromContact, setFromContact] = useState<ProjectContactRef | null>(null);
  const id = useId();
  const role = form.watch('role') as MemberRole;
  const canApprove = form.watch('canApprove') === true;
  const [contacts, reloadContacts] = useLoad(
    () => getProjectContacts(scope, view.companyId),
    `${scope}:${view.companyId}`,
  );
  const company = companyNameOf(view);

  const submit = form.handleSubmit(async (invitation) => {
    const sent = await run(
      () => inviteMember(scope, view.companyId, { ...invitation, fromContact }),
      `We mailed ${invitation.email} an invitation to join ${company} as ${
        invitation.role === 'technical' && invitation.canApprove
          ? 'Technical (may approve)'
          : COMPANY_ROLE_LABELS[invitation.role]
      }. Its link works for ${INVITATION_DAYS} days.`,
    );
    if (sent) {
      form.reset(EMPTY);
      setFromContact(null);
      reloadContacts();
    }
  });

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        Invite a colleague
      </h3>
      {contacts.status === 'ready' && contacts.data.length > 0 && (
        <div className="rounded-md bg-slate-50 p-3">
          <p className="text-sm text-slate-700">People on {company}&apos;s projects, to invite as members:</p>
          <ul className="mt-2 space-y-2">
            {contacts.data.map((contact) => (
              <li
                key={`${contact.projectId}:${contact.contactId}`}
                className="flex flex-wrap items-center gap-2 text-sm"
              >
                <span className="min-w-0 flex-1 basis-48 break-words text-slate-800">
                  {contact.name ? `${contact.name} (${contact.email})` : contact.email}, {contact.projectTitle}
                </span>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Invite ${contact.name || contact.email}`}
                  onClick={() => {
                    form.setValue('email', contact.email);
                    form.setValue('name', contact.name);
                    setFromContact({ projectId: contact.projectId, contactId: contact.contactId });
                    document.getElementById(`${id}-role`)?.focus();
                  }}
                >
                  Invite
                </Button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form noValidate className="space-y-3" aria-labelledby={`${id}-title`} onSubmit={(event) => void submit(event)}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${id}-email`}
            label="Their email"
            type="email"
            autoComplete="off"
            readOnly={fromContact !== null}
            {...field('email')}
          />
          <TextField id={`${id}-name`} label="Their name" isOptional autoComplete="off" {...field('name')} />
        </div>
        <RoleFields
          idPrefix={id}
          role={role}
          canApprove={canApprove}
          error={form.formState.errors.role?.message}
          onRole={(next) => form.setValue('role', next)}
          onApprove={(next) => form.setValue('canApprove', next)}
        />
        <div className="flex flex-wrap gap-2">
          <Button size="sm" type="submit" disabled={isBusy}>
            {isBusy ? 'Sending...' : 'Send invitation'}
          </Button>
          {fromContact && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                form.reset(EMPTY);
                setFromContact(null);
              }}
            >
              Clear
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
