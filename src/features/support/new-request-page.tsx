import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { FilePicker } from '@/components/file-picker';
import { FormMessage, SelectField, TextAreaField, TextField } from '@/components/form-field';
import {
  NO_SERVICE,
  somethingElsePlan,
  SUPPORT_SUBJECT_LIMIT_MESSAGE,
  SUPPORT_SUBJECT_MAX,
  supportRequestSchema,
} from '@/domain/support';
import { useCompany } from '@/lib/company-session';
import { useLoad } from '@/lib/use-load';
import { createRequest, getSupportServices } from './api';
import { OutOfPlan } from './out-of-plan';
import { BackToSupport, PAGE, tierText, uploadAll, type SupportLinks } from './support-parts';

/** The form's fields in the order it shows them: an empty submit focuses the first one that is wrong. */
const REQUEST_FIELDS = ['serviceId', 'subject', 'description'] as const;

/** /support/new: the service (or "Something else"), a subject, a description and files. */
export function NewRequestPage({
  links,
  serviceId,
  onCreated,
  heading,
}: {
  links: SupportLinks;
  serviceId: string | null;
  onCreated: (id: string) => void;
  /** Above the page: whose company the request is for (composed by the app). */
  heading?: ReactNode;
}) {
  const companyId = useCompany().acting?.companyId ?? '';
  const [services] = useLoad(getSupportServices, `services:${companyId}`);
  const [form, setForm] = useState({ serviceId: serviceId ?? '', subject: '', description: '' });
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const fields = {
    serviceId: useRef<HTMLSelectElement>(null),
    subject: useRef<HTMLInputElement>(null),
    description: useRef<HTMLTextAreaElement>(null),
  };
  const list = services.status === 'ready' ? services.data.services : [];
  const chosen = list.find((service) => service.id === form.serviceId);
  // "Something else" is covered by the best plan in force, or by none: said before sending, as for a service.
  const other = form.serviceId === NO_SERVICE && services.status === 'ready' ? somethingElsePlan(list) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const parsed = supportRequestSchema.safeParse({ ...form, fileIds: [] });
    if (!parsed.success) {
      const found = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
      setErrors(found);
      const first = REQUEST_FIELDS.find((name) => found[name]);
      if (first) fields[first].current?.focus();
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      const fileIds = await uploadAll(files);
      const created = await createRequest({ ...parsed.data, fileIds });
      onCreated(created.id);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : 'Could not send your request. Please try again.');
    } finally {
      setIsSending(false);
    }
  }

  const subjectLength = form.subject.length;
  return (
    <div className={PAGE}>
      {heading}
      <BackToSupport to={links.home} />
      <h1 className="mt-2 text-3xl font-bold text-slate-900">New support request</h1>
      <form className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5" onSubmit={submit} noValidate>
        <SelectField
          ref={fields.serviceId}
          label="Service"
          required
          value={form.serviceId}
          error={errors.serviceId}
          onChange={(event) => setForm({ ...form, serviceId: event.target.value })}
        >
          <option value="">Choose…</option>
          {list.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
          <option value={NO_SERVICE}>Something else</option>
        </SelectField>
        {(chosen || other) && <p className="text-sm text-slate-700">{tierText(chosen ?? other!)}</p>}
        {chosen?.outOfPlan && (
          <OutOfPlan
            reason={chosen.outOfPlan}
            payUrl={chosen.payUrl}
            about={{
              serviceName: chosen.name,
              brief: [`Support for ${chosen.name}.`, form.subject, form.description].filter(Boolean).join('\n\n'),
            }}
          />
        )}
        {other?.outOfPlan && (
          <OutOfPlan
            reason={other.outOfPlan}
            payUrl={other.payUrl}
            about={{
              serviceName: null,
              brief: ['Support.', form.subject, form.description].filter(Boolean).join('\n\n'),
            }}
          />
        )}
        <TextField
          ref={fields.subject}
          label="Subject"
          required
          value={form.subject}
          error={errors.subject}
          maxLength={SUPPORT_SUBJECT_MAX}
          // Typing stops at the limit: the count says so, and at the limit the message says why.
          hint={
            <>
              <span>
                {subjectLength} of {SUPPORT_SUBJECT_MAX} characters
              </span>
              <span role="status" className="block font-semibold text-red-800">
                {subjectLength >= SUPPORT_SUBJECT_MAX ? SUPPORT_SUBJECT_LIMIT_MESSAGE : ''}
              </span>
            </>
          }
          onChange={(event) => setForm({ ...form, subject: event.target.value })}
        />
        <TextAreaField
          ref={fields.description}
          label="Description"
          required
          rows={6}
          value={form.description}
          error={errors.description}
          onChange={(event) => setForm({ ...form, description: event.target.value })}
        />
        <FilePicker files={files} onChange={setFiles} />
        {message && <FormMessage tone="error">{message}</FormMessage>}
        <Button type="submit" disabled={isSending}>
          {isSending ? 'Sending...' : 'Send request'}
        </Button>
      </form>
    </div>
  );
}
