import { useEffect, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '@/components/button';
import { FormMessage, TextAreaField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { QuoteDocument } from '@/components/quote-document';
import { StatusBadge } from '@/components/status-badge';
import { formatDay, formatIstDateTime } from '@/domain/dates';
import { formatInr } from '@/domain/money';
import { milestoneKey, QUOTE_STATUS, quoteStatusOf, type QuoteView } from '@/domain/quotes';
import type { QuoteRecord } from '../data';
import {
  downloadQuotePdf,
  previewQuote,
  reviseQuote,
  sendQuote,
  subscribeToQuote,
  updateQuote,
  withdrawQuote,
} from './api';
import { ConsolePage, Facts, LiveRecord, MessageLine, MissingPage, Panel } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { QuoteForm } from './quote-form';
import { saveDownload } from '@/lib/save-file';
import { useAction } from '@/lib/use-action';
import { useTextState } from '@/components/console/field-state';

/** One quote version, live: its terms (editable while a draft), a preview, what the customer answered, and its milestones. */
export function QuoteDetailPage() {
  const { id = '' } = useParams();
  return (
    <LiveRecord<QuoteRecord>
      name={`quote:${id}`}
      subscribe={(onData, onError) => subscribeToQuote(id, onData, onError)}
      missing={<MissingPage title="Quote" text="This quote could not be found." />}
    >
      {(quote) => <QuoteDetails key={quote.id} quote={quote} />}
    </LiveRecord>
  );
}

/** The customer's view of the quote (a draft's as it would be sent now), fetched again whenever the quote changes. */
function usePreview(quote: QuoteRecord) {
  const [preview, setPreview] = useState<{ key: string; view: QuoteView } | { key: string; error: string } | null>(
    null,
  );
  // The stored quote, as one string: any change the server makes shows in the preview.
  const key = JSON.stringify(quote);
  useEffect(() => {
    let isActive = true;
    previewQuote(quote.id).then(
      (view) => isActive && setPreview({ key, view }),
      (error: unknown) =>
        isActive && setPreview({ key, error: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      isActive = false;
    };
  }, [key, quote.id]);
  return preview;
}

function QuoteDetails({ quote }: { quote: QuoteRecord }) {
  const to = useConsoleLink();
  const navigate = useNavigate();
  const status = quoteStatusOf(quote.status, quote.validUntil);
  const preview = usePreview(quote);
  const send = useAction(async () => {
    await sendQuote(quote.id);
    setIsConfirmingSend(false);
  });
  // Like a proforma, a quote is checked before it goes: its preview, then a confirmation naming who gets what.
  const [isConfirmingSend, setIsConfirmingSend] = useState(false);
  const revise = useAction(async () => {
    const revision = await reviseQuote(quote.id);
    void navigate(to('quotes', revision.id));
  });
  const [isWithdrawing, setIsWithdrawing] = useState(false);
  const pdf = useAction(async () => {
    saveDownload(await downloadQuotePdf(quote.id), `Quote-${quote.number.replace(/\//g, '-')}.pdf`);
  });
  const isDraft = status === QUOTE_STATUS.draft;
  const actionError = send.error ?? revise.error ?? pdf.error;

  return (
    <ConsolePage title={`Quote ${quote.number} · version ${quote.version}`} actions={<StatusBadge status={status} />}>
      <Link to={to('quotes')} className="text-sm text-brand-darker underline">
        Back to the quotes
      </Link>
      <Panel id="quote-facts" title="Quote">
        <Facts
          items={[
            [
              'Customer',
              <Link key="customer" to={to('customers', quote.uid)} className="text-brand-darker underline">
                {quote.customerName || quote.customerEmail || 'Open customer'}
              </Link>,
            ],
            ['For', quote.description],
            ['Total', formatInr(quote.totalPaise)],
            ['Paid so far', formatInr(quote.paidPaise)],
            ['Valid until', formatDay(quote.validUntil)],
            ['Made', formatIstDateTime(quote.createdAt)],
            ['Sent', quote.sentAt ? formatIstDateTime(quote.sentAt) : 'Not yet'],
            ...(quote.enquiryId
              ? ([
                  [
                    'Enquiry',
                    <Link key="enquiry" to={to('enquiries', quote.enquiryId)} className="text-brand-darker underline">
                      Open the enquiry
                    </Link>,
                  ],
                ] as Array<[string, ReactNode]>)
              : []),
            ...(quote.previousId
              ? ([
                  [
                    'Revises',
                    <Link key="previous" to={to('quotes', quote.previousId)} className="text-brand-darker underline">
                      Version {quote.version - 1}
                    </Link>,
                  ],
                ] as Array<[string, ReactNode]>)
              : []),
            ...(quote.supersededBy || quote.revisionId
              ? ([
                  [
                    'Revised by',
                    <Link
                      key="next"
                      to={to('quotes', (quote.supersededBy ?? quote.revisionId)!)}
                      className="text-brand-darker underline"
                    >
                      Version {quote.version + 1}
                    </Link>,
                  ],
                ] as Array<[string, ReactNode]>)
              : []),
            ...(quote.withdrawReason ? ([['Withdrawn', quote.withdrawReason]] as Array<[string, string]>) : []),
          ]}
        />
        <div className="mt-4 flex flex-wrap gap-2">
          {isDraft && (
            <Button onClick={() => setIsConfirmingSend(true)} disabled={send.isBusy}>
              Send to the customer
            </Button>
          )}
          {(status === QUOTE_STATUS.sent || status === QUOTE_STATUS.expired || status === QUOTE_STATUS.declined) &&
            !quote.supersededBy && (
              <Button variant="secondary" onClick={() => void revise.run()} disabled={revise.isBusy}>
                {revise.isBusy ? 'Revising...' : 'Revise (new version)'}
              </Button>
            )}
          {(isDraft || status === QUOTE_STATUS.sent || status === QUOTE_STATUS.expired) && (
            <Button variant="dangerOutline" onClick={() => setIsWithdrawing(true)}>
              Withdraw
            </Button>
          )}
          <Button variant="secondary" onClick={() => void pdf.run()} disabled={pdf.isBusy}>
            {isDraft ? 'Download the PDF preview' : 'Download the PDF'}
          </Button>
        </div>
        <MessageLine text={actionError} className="mt-3" />
      </Panel>

      {isWithdrawing && <WithdrawDialog quote={quote} onClose={() => setIsWithdrawing(false)} />}
      {isConfirmingSend && (
        <SendDialog
          quote={quote}
          view={preview && !('error' in preview) ? preview.view : null}
          isSending={send.isBusy}
          error={send.error}
          onPdf={() => void pdf.run()}
          onSend={() => void send.run()}
          onClose={() => !send.isBusy && setIsConfirmingSend(false)}
        />
      )}

      <Answers quote={quote} />
      {status === QUOTE_STATUS.accepted && <Milestones quote={quote} />}

      {isDraft && (
        <Panel id="quote-edit" title="Edit the draft">
          <QuoteForm quote={quote} submitLabel="Save draft" onSave={(fields) => updateQuote(quote.id, fields)} />
        </Panel>
      )}
      <Panel id="quote-preview" title={isDraft ? 'Preview: what the customer will see' : 'What the customer sees'}>
        {!preview ? (
          <p className="text-slate-600">Loading the preview...</p>
        ) : 'error' in preview ? (
          <p role="alert">{preview.error}</p>
        ) : (
          <div data-testid="quote-preview">
            <QuoteDocument view={preview.view} />
          </div>
        )}
      </Panel>
    </ConsolePage>
  );
}

/**
 * The last look before a quote goes out: who gets it, its number and total, the page below shows
 * what they will read, and the PDF can be opened from here.
 */
function SendDialog({
  quote,
  view,
  isSending,
  error,
  onPdf,
  onSend,
  onClose,
}: {
  quote: QuoteRecord;
  view: QuoteView | null;
  isSending: boolean;
  error: string | null;
  onPdf: () => void;
  onSend: () => void;
  onClose: () => void;
}) {
  const customer = quote.customerName || quote.customerEmail || 'the customer';
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Send the quote to the customer?"
      description={`${customer}${quote.customerEmail && quote.customerName ? ` (${quote.customerEmail})` : ''} gets quote ${quote.number}, version ${quote.version}, by email, with a link to accept it.`}
    >
      <div className="space-y-3">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
          <dt className="font-medium">Quote</dt>
          <dd>
            {quote.number} · version {quote.version}
          </dd>
          <dt className="font-medium">Total</dt>
          <dd data-testid="send-quote-total">{view ? formatInr(view.document.totals.totalPaise) : '…'}</dd>
          <dt className="font-medium">Valid until</dt>
          <dd>{formatDay(quote.validUntil)}</dd>
        </dl>
        <p className="text-sm text-slate-700">
          The preview below this dialog is what the customer will see.{' '}
          <Button variant="link" onClick={onPdf}>
            Download the PDF preview
          </Button>
        </p>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={isSending} data-autofocus>
            Back
          </Button>
          <Button onClick={onSend} disabled={isSending}>
            {isSending ? 'Sending...' : 'Send the quote'}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

/** Withdrawing is final (the customer can no longer accept it), so it asks first, with an optional reason. */
function WithdrawDialog({ quote, onClose }: { quote: QuoteRecord; onClose: () => void }) {
  const reason = useTextState('');
  const withdraw = useAction(async () => {
    await withdrawQuote(quote.id, reason.value);
    onClose();
  });
  return (
    <Modal
      isOpen
      onClose={() => !withdraw.isBusy && onClose()}
      title="Withdraw the quote"
      description={`${quote.number} · version ${quote.version}: the customer will no longer be able to accept it.`}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void withdraw.run();
        }}
        className="space-y-3"
      >
        <TextAreaField label="Reason (for the console only)" isOptional rows={3} maxLength={500} {...reason.bind} />
        {withdraw.error && <FormMessage tone="error">{withdraw.error}</FormMessage>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={onClose} disabled={withdraw.isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" size="sm" disabled={withdraw.isBusy}>
            {withdraw.isBusy ? 'Withdrawing...' : 'Withdraw the quote'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** What the customer answered: the acceptance (who typed what, when, from where, which version), a decline, change requests. */
function Answers({ quote }: { quote: QuoteRecord }) {
  if (!quote.acceptance && !quote.declined && quote.changeRequests.length === 0) return null;
  return (
    <Panel id="quote-answers" title="The customer's answer">
      {quote.acceptance && (
        <Facts
          items={[
            ['Accepted by', quote.acceptance.name],
            ['When', formatIstDateTime(quote.acceptance.at)],
            ['Version accepted', String(quote.acceptance.version)],
            ['From address', quote.acceptance.ip || '—'],
            ['Through', quote.acceptance.via === 'account' ? 'Their account' : 'The link in the mail'],
          ]}
        />
      )}
      {quote.declined && (
        <p className="text-slate-900">
          Declined on {formatIstDateTime(quote.declined.at)}: “{quote.declined.comment}”
        </p>
      )}
      {quote.changeRequests.length > 0 && (
        <ul aria-label="Changes asked" className="mt-3 space-y-2">
          {quote.changeRequests.map((request, index) => (
            <li key={index} className="rounded-md bg-slate-50 p-3 text-sm">
              <p className="pasted-text text-slate-900">{request.comment}</p>
              <p className="mt-1 text-slate-600">Changes asked · {formatIstDateTime(request.at)}</p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * An accepted quote's milestones: where each stands. Each after the deposit is invoiced when the
 * customer signs it off on the quote's project (or it is deemed accepted), never by staff alone.
 */
function Milestones({ quote }: { quote: QuoteRecord }) {
  const to = useConsoleLink();
  return (
    <Panel id="quote-milestones-progress" title="Milestones">
      <ol aria-label="Milestones" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {quote.milestones.map((milestone, index) => {
          const progress = quote.progress[milestoneKey(index)];
          return (
            <li
              key={index}
              data-testid={`console-milestone-${index + 1}`}
              className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
            >
              <div className="min-w-0 flex-1 basis-56">
                <p className="font-semibold text-slate-900">
                  {index + 1}. {milestone.label}
                </p>
                <p className="text-slate-600">
                  {progress
                    ? `Invoice ${progress.invoiceNumber}: ${formatInr(progress.amountPaise)}`
                    : 'Not invoiced yet'}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge status={progress ? (progress.state === 'paid' ? 'Paid' : 'Invoiced') : 'Pending'} />
              </div>
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm text-slate-700">
        Each milestone after the deposit is invoiced when the customer signs it off on{' '}
        <Link className="text-brand-darker underline" to={to('projects', `quote_${quote.id}`)}>
          the project
        </Link>
        .
      </p>
    </Panel>
  );
}
