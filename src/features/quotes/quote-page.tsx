import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useRevealed } from '@/components/use-revealed';
import { Button, buttonClasses, Spinner } from '@/components/button';
import { DocumentFrame, DocumentPending, type DocumentLoad } from '@/components/document-frame';
import { CheckboxField, FormMessage, TextAreaField, TextField } from '@/components/form-field';
import { QuoteDocument } from '@/components/quote-document';
import { formatIstDateTime } from '@/domain/dates';
import { poNumberSchema } from '@/domain/purchase-order';
import { formatInr } from '@/domain/money';
import { isAnswerable, QUOTE_STATUS, type QuoteView } from '@/domain/quotes';
import { ApiError } from '@/lib/api-client';
import { useCompany } from '@/lib/company-session';
import { saveDownload } from '@/lib/save-file';
import {
  acceptQuote,
  askForChanges,
  declineQuote,
  downloadQuotePdf,
  getQuote,
  quotePdfHref,
  type QuoteSource,
} from './api';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const when = (iso: string) => formatIstDateTime(iso ? new Date(iso) : null);

/**
 * A quote's page, for its customer: opened from the mail's link (/quote/{token}: no account
 * needed) or from their account (/quotes/{id}). They read it, and while it is open accept it
 * (typing their name and agreeing to its terms), ask for changes, or decline it. Once accepted,
 * each milestone shows where it stands, with a link to pay an invoiced one.
 */
export function QuotePage({ source, heading }: { source: QuoteSource; heading?: ReactNode }) {
  const company = useCompany();
  // From the account, the member's role decides (a link's holder may do what the link offers).
  const may = (action: 'acceptQuote' | 'pay') => source.kind !== 'account' || company.can(action);
  const [loaded, setLoaded] = useState<DocumentLoad<QuoteView>>({ status: 'loading' });
  // What the customer's answer did: kept here, as an accepted or declined quote's page drops the answer forms.
  const [notice, setNotice] = useState<ReactNode>(null);
  // The answer's form is gone: the confirmation, with the first invoice's number, takes its place.
  const noticeRef = useRevealed<HTMLDivElement>(notice);

  const load = useCallback(async () => {
    try {
      setLoaded({ status: 'ready', view: await getQuote(source) });
    } catch (error) {
      setLoaded({
        status: 'error',
        message: error instanceof ApiError ? error.message : 'Could not load this quote. Please try again.',
      });
    }
    // The source is the page's URL: a new one mounts a new page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (loaded.status !== 'ready') {
    return <DocumentPending titleId="quote-title" title="Quote" state={loaded} />;
  }
  const { view } = loaded;
  return (
    <DocumentFrame titleId="quote-title" title={`Quote ${view.document.number}`} status={view.status}>
      {heading}
      {notice && (
        <div ref={noticeRef} tabIndex={-1} data-testid="quote-notice" className="mb-6 scroll-mt-24 outline-none">
          <FormMessage tone="success">{notice}</FormMessage>
        </div>
      )}
      <StatusNote view={view} />
      <QuoteDocument view={view} canPay={may('pay')} />
      <div className="mt-6">
        <PdfLink source={source} />
      </div>
      {isAnswerable(view.status) && !may('acceptQuote') && (
        <p className="mt-8 border-t border-slate-200 pt-6 text-slate-700">{company.refusal('acceptQuote')}</p>
      )}
      {isAnswerable(view.status) && may('acceptQuote') && (
        <Answers
          source={source}
          view={view}
          onAnswered={async (text) => {
            await load();
            setNotice(text);
          }}
        />
      )}
    </DocumentFrame>
  );
}

/** Where the quote stands, in a sentence, above it. */
function StatusNote({ view }: { view: QuoteView }) {
  let text: ReactNode = null;
  if (view.status === QUOTE_STATUS.accepted && view.acceptance) {
    text = `Accepted by ${view.acceptance.name} on ${when(view.acceptance.at)} (version ${view.acceptance.version}). Thank you!`;
  } else if (view.status === QUOTE_STATUS.declined) {
    text = `You declined this quote on ${when(view.declined?.at ?? '')}. Thank you for letting us know.`;
  } else if (view.status === QUOTE_STATUS.expired) {
    text = `This quote expired on ${view.document.validUntil}. Please ask us for a new one.`;
  } else if (view.status === QUOTE_STATUS.withdrawn) {
    text = view.revision ? (
      <>
        This version was replaced by version {view.revision.version}.{' '}
        {view.revision.url && (
          <a href={view.revision.url} className="font-semibold text-brand-darker underline">
            Read version {view.revision.version}
          </a>
        )}
      </>
    ) : (
      'This quote has been withdrawn.'
    );
  } else if (view.changeRequests.length > 0) {
    text = `You asked for changes on ${when(view.changeRequests[view.changeRequests.length - 1]!.at)}. We will send you a revised quote.`;
  }
  if (!text) return null;
  return (
    <p role="status" className="mb-6 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-800 ring-1 ring-slate-200">
      {text}
    </p>
  );
}

function PdfLink({ source }: { source: QuoteSource }) {
  const [error, setError] = useState<string | null>(null);
  const href = quotePdfHref(source);
  if (href) {
    return (
      <a href={href} className={buttonClasses('secondary')} download>
        Download the quote (PDF)
      </a>
    );
  }
  const download = async () => {
    setError(null);
    try {
      saveDownload(await downloadQuotePdf(source), 'Quote.pdf');
    } catch (caught) {
      setError(errorText(caught));
    }
  };
  return (
    <div className="space-y-2">
      <Button variant="secondary" onClick={() => void download()}>
        Download the quote (PDF)
      </Button>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}

/** Accept (name + agreement), ask for changes, or decline: each its own small form. */
function Answers({
  source,
  view,
  onAnswered,
}: {
  source: QuoteSource;
  view: QuoteView;
  onAnswered: (text: ReactNode) => Promise<void>;
}) {
  const answered = onAnswered;
  // A comment form's send: the comment to the API, then the answer's thanks.
  const commentThen =
    (send: (source: QuoteSource, comment: string) => Promise<unknown>, thanks: string) => async (comment: string) => {
      await send(source, comment);
      await answered(thanks);
    };
  return (
    <section aria-labelledby="quote-answer" className="mt-8 space-y-6 border-t border-slate-200 pt-6">
      <h2 id="quote-answer" className="text-xl font-bold text-slate-900">
        Your answer
      </h2>
      <p className="text-sm text-slate-700">You can accept this quote until {view.document.validUntil}.</p>
      <AcceptForm
        view={view}
        onAccept={async (name, poNumber) => {
          const result = await acceptQuote(source, {
            name,
            agree: true,
            version: view.document.version,
            ...(poNumber ? { poNumber } : {}),
          });
          await answered(
            result.deposit
              ? `Thank you! The quote is accepted. The first invoice, ${result.deposit.number} for ${formatInr(result.deposit.amountPaise)}, is below and in your email.`
              : 'Thank you! The quote is accepted.',
          );
        }}
      />
      <CommentForm
        title="Ask for changes"
        label="What would you like changed?"
        button="Ask for changes"
        busy="Sending..."
        onSend={commentThen(askForChanges, 'Thank you. We will look at your changes and send you a revised quote.')}
      />
      <CommentForm
        title="Decline the quote"
        label="Why are you declining? (this helps us)"
        button="Decline the quote"
        busy="Declining..."
        variant="dangerOutline"
        onSend={commentThen(declineQuote, 'You have declined this quote. Thank you for letting us know.')}
      />
    </section>
  );
}

function AcceptForm({
  view,
  onAccept,
}: {
  view: QuoteView;
  onAccept: (name: string, poNumber: string) => Promise<void>;
}) {
  const [name, setName] = useState('');
  // The buyer's purchase order, when their company raised one: printed on every milestone's invoice.
  const [poNumber, setPoNumber] = useState(view.document.purchaseOrder?.poNumber ?? '');
  const [agrees, setAgrees] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const agreeRef = useRef<HTMLInputElement>(null);
  const first = view.document.milestones[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!name.trim()) {
      nameRef.current?.focus();
      return setError('Type your full name to accept the quote.');
    }
    if (!agrees) {
      agreeRef.current?.focus();
      return setError('Tick the box to agree to the terms of the quote.');
    }
    const po = poNumberSchema.safeParse(poNumber);
    if (!po.success) return setError(po.error.issues[0]!.message);
    setIsSending(true);
    try {
      await onAccept(name.trim(), po.data);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form
      noValidate
      aria-label="Accept the quote"
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-xl bg-brand-light/40 p-4 ring-1 ring-slate-200"
    >
      <h3 className="text-lg font-semibold text-slate-900">Accept the quote</h3>
      <p className="text-sm text-slate-700">
        Accepting issues the first invoice
        {first ? `, ${first.label}: ${formatInr(first.totalPaise)}` : ''}. Your name, the time and the version you
        accept (version {view.document.version}) are recorded.
      </p>
      <TextField
        ref={nameRef}
        label="Your full name"
        required
        autoComplete="name"
        maxLength={100}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <TextField
        label="Your purchase order (PO) number"
        isOptional
        hint="If your company raised one for this project, it is printed on each of its invoices."
        maxLength={40}
        value={poNumber}
        onChange={(event) => setPoNumber(event.target.value)}
        autoComplete="off"
      />
      <CheckboxField ref={agreeRef} checked={agrees} onCheckedChange={setAgrees}>
        I have read this quote and agree to its terms and payment milestones.
      </CheckboxField>
      <Button type="submit" size="lg" disabled={isSending}>
        {isSending && <Spinner />}
        {isSending ? 'Accepting...' : 'Accept the quote'}
      </Button>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </form>
  );
}

function CommentForm({
  title,
  label,
  button,
  busy,
  variant = 'secondary',
  onSend,
}: {
  title: string;
  label: string;
  button: string;
  busy: string;
  variant?: 'secondary' | 'dangerOutline';
  onSend: (comment: string) => Promise<void>;
}) {
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setIsSending(true);
    try {
      await onSend(comment);
      setComment('');
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form noValidate aria-label={title} onSubmit={(event) => void submit(event)} className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <TextAreaField
        label={label}
        required
        rows={3}
        maxLength={2000}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <Button type="submit" variant={variant} disabled={isSending}>
        {isSending ? busy : button}
      </Button>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </form>
  );
}
