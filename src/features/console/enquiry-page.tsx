import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/components/button';
import { FormMessage, SelectField, TextAreaField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import { ENQUIRY_STATUSES, type EnquiryStatus } from '@/domain/console-status';
import { subscribeToEnquiry, type Enquiry } from '@/records/enquiries';
import { billEnquiry, previewEnquiryBill, updateEnquiry } from '@/features/enquiries';
import { ConsolePage, Facts, LiveRecord, MissingPage, Panel } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { IssueProformaForm } from '@/features/billing';
import { QuotesPanel } from '@/features/quotes';
import { useTextState } from '@/components/console/field-state';

/**
 * One enquiry: what was sent, its status (saved to the customer's query too) and internal notes.
 * It shows enquiries, billing and quotes, so the console shell composes it.
 */
export function EnquiryPage() {
  const { id = '' } = useParams();
  return (
    <LiveRecord<Enquiry>
      name={`enquiry:${id}`}
      subscribe={(onData, onError) => subscribeToEnquiry(id, onData, onError)}
      missing={<MissingPage title="Enquiry" text="This enquiry could not be found." />}
    >
      {(enquiry) => <EnquiryDetails key={enquiry.id} enquiry={enquiry} />}
    </LiveRecord>
  );
}

function EnquiryDetails({ enquiry }: { enquiry: Enquiry }) {
  const status = useTextState(enquiry.status);
  const note = useTextState('');
  const [isSaving, setIsSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    setIsSaving(true);
    setMessage(null);
    try {
      await updateEnquiry(enquiry.id, {
        ...(status.value !== enquiry.status ? { status: status.value as EnquiryStatus } : {}),
        ...(note.value.trim() ? { note: note.value } : {}),
      });
      note.setValue('');
      setMessage({ tone: 'success', text: 'Saved.' });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setIsSaving(false);
    }
  }

  const to = useConsoleLink();
  const isUnchanged = status.value === enquiry.status && !note.value.trim();
  return (
    <ConsolePage
      title={`Enquiry from ${enquiry.name || 'a visitor'}`}
      actions={<StatusBadge status={enquiry.status} />}
    >
      <Link to={to('inbox')} className="text-sm text-brand-darker underline">
        Back to the inbox
      </Link>
      <Panel id="enquiry-message" title="Message">
        <Facts
          items={[
            ['From', `${enquiry.name} <${enquiry.email}>`],
            ['Business', enquiry.businessName || '—'],
            ['Phone', enquiry.contactNumber || '—'],
            ['Sent', formatIstDateTime(enquiry.submittedAt)],
            ...(enquiry.quoteRequest
              ? ([
                  ['Asks for', 'A quote'],
                  ['Project type', enquiry.quoteRequest.projectType],
                  ['Budget', enquiry.quoteRequest.budget],
                  ['Timeline', enquiry.quoteRequest.timeline],
                ] as Array<[string, string]>)
              : []),
            ...(enquiry.consultation
              ? ([
                  ['Asks for', 'A call (consultation)'],
                  ['Call', `${formatIstDateTime(enquiry.consultation.startAt)} with ${enquiry.consultation.staffName}`],
                  ['Call status', enquiry.consultation.status],
                  [
                    'Bookings',
                    <Link key="week" to={to('bookings')} className="text-brand-darker underline">
                      Open the week view
                    </Link>,
                  ],
                ] as Array<[string, ReactNode]>)
              : []),
            [
              'Customer',
              enquiry.uid ? (
                <Link to={to('customers', enquiry.uid)} className="text-brand-darker underline">
                  Open customer
                </Link>
              ) : (
                'Visitor (not signed in)'
              ),
            ],
          ]}
        />
        <p className="mt-3 pasted-text text-slate-900">{enquiry.message}</p>
      </Panel>
      <Panel id="enquiry-update" title="Status and notes">
        <form onSubmit={(event) => void save(event)} aria-label="Update enquiry" className="space-y-3">
          <SelectField label="Status" {...status.bind}>
            {ENQUIRY_STATUSES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Internal note"
            hint="Only staff see notes; the customer sees the status."
            isOptional
            rows={3}
            maxLength={2000}
            {...note.bind}
          />
          <Button type="submit" disabled={isSaving || isUnchanged}>
            {isSaving ? 'Saving...' : 'Save'}
          </Button>
          {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        </form>
        {enquiry.notes.length > 0 && (
          <ul aria-label="Internal notes" className="mt-4 space-y-2">
            {[...enquiry.notes].reverse().map((item, index) => (
              <li key={index} className="rounded-md bg-slate-50 p-3 text-sm">
                <p className="pasted-text text-slate-900">{item.text}</p>
                <p className="mt-1 text-slate-600">
                  {item.by} · {formatIstDateTime(item.at)}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <QuotesPanel enquiryId={enquiry.id} />
      <Panel id="enquiry-bill" title="Bill this enquiry">
        <p className="mb-3 text-sm text-slate-700">
          {enquiry.uid
            ? 'The proforma goes to the customer who sent it.'
            : `The proforma goes to ${enquiry.email}. No account is needed to pay it; if they sign up later with this email, it becomes theirs.`}
        </p>
        <IssueProformaForm
          onPreview={(fields) => previewEnquiryBill(enquiry.id, fields)}
          onIssue={(fields) => billEnquiry(enquiry.id, fields)}
        />
      </Panel>
    </ConsolePage>
  );
}
