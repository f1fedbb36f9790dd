import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, buttonClasses, Spinner } from '@/components/button';
import { DocumentFrame, DocumentPending, type DocumentLoad } from '@/components/document-frame';
import { CellLabel, DocumentParties, DocumentTotals, LinesTable } from '@/components/document-parts';
import { CheckboxField, FormMessage, SelectField, TextField } from '@/components/form-field';
import { formatInr } from '@/domain/money';
import type { PayLinkTds, PayLinkView } from '@/domain/pay-link';
import { isOpenStatus } from '@/domain/status';
import { ApiError } from '@/lib/api-client';
import { CheckoutCancelledError, openOrderCheckout } from '@/lib/razorpay-checkout';
import { createPayLinkOrder, getPayLink, payLinkPdfUrl, sandboxPayByLink, verifyPayLinkPayment } from './pay-link-api';
import { formatDay } from '@/domain/dates';
import { PO_MESSAGES, poNumberSchema } from '@/domain/purchase-order';

/** While a paid invoice's tax invoice is being numbered, the page looks again this often, this many times. */
const RECHECK_MS = 1500;
const RECHECKS = 20;

/**
 * The hosted pay page, /pay/{token}: the one invoice its link opens, for whoever has the link (an
 * accounts clerk needs no account). Who issued it, to whom, the lines with GST, the total, the due
 * date and the status; Pay opens the checkout, and once paid the tax invoice can be downloaded.
 */
export function PayPage({ token }: { token: string }) {
  const [loaded, setLoaded] = useState<DocumentLoad<PayLinkView>>({ status: 'loading' });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  // The buyer's PO number, asked for before paying when the invoice has none (required when their company says so).
  const [poNumber, setPoNumber] = useState('');
  const [poError, setPoError] = useState<string | null>(null);
  // Paying net of TDS: whether the payer deducts it, and for what kind of payment.
  const [deductsTds, setDeductsTds] = useState(false);
  const [tdsKind, setTdsKind] = useState('');
  const rechecks = useRef(0);

  const load = useCallback(async () => {
    try {
      const view = await getPayLink(token);
      setLoaded({ status: 'ready', view });
      return view;
    } catch (error) {
      setLoaded({
        status: 'error',
        message: error instanceof ApiError ? error.message : 'Could not load this invoice. Please try again.',
      });
      return null;
    }
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  // A payment being confirmed, or a tax invoice being numbered: look again shortly, a few times.
  const view = loaded.status === 'ready' ? loaded.view : null;
  const isSettling = Boolean(view && (view.paid ? view.paid.taxInvoice.number === null : message?.tone === 'success'));
  const tdsChoice = deductsTds ? chosenTds(view?.tds ?? null, tdsKind) : null;
  useEffect(() => {
    if (!isSettling || rechecks.current >= RECHECKS) return;
    const timer = setTimeout(() => {
      rechecks.current += 1;
      void load();
    }, RECHECK_MS);
    return () => clearTimeout(timer);
  }, [isSettling, load, view]);

  async function pay() {
    if (!view || isPaying) return;
    const typed = poNumberSchema.safeParse(poNumber);
    const asksPo = !view.purchaseOrder?.poNumber;
    if (asksPo && (!typed.success || (view.requiresPoNumber && typed.data === ''))) {
      setPoError(typed.success ? PO_MESSAGES.required : typed.error.issues[0]!.message);
      return;
    }
    setPoError(null);
    setIsPaying(true);
    setMessage(null);
    try {
      const order = await createPayLinkOrder(token, {
        ...(asksPo && typed.success && typed.data ? { poNumber: typed.data } : {}),
        ...(tdsChoice ? { tds: { kind: tdsChoice.kind } } : {}),
      });
      const result = await openOrderCheckout(order, {
        description: `Payment for Proforma ${view.number}`,
        prefill: order.prefill,
        onSandboxOutcome: (outcome) => sandboxPayByLink(token, order.id, outcome),
      });
      const verified = await verifyPayLinkPayment(token, result).catch((error: unknown) => {
        // The money has been taken: a lost answer is not a failure (the server confirms it).
        if (error instanceof ApiError && [400, 404, 409].includes(error.status)) throw error;
        return { status: 'Pending' as const, paymentId: result.razorpay_payment_id };
      });
      rechecks.current = 0;
      setMessage({
        tone: 'success',
        text:
          verified.status === 'Paid'
            ? `Payment successful. Thank you! Payment ID: ${verified.paymentId}`
            : `Payment received (Payment ID: ${verified.paymentId}). The status will update shortly.`,
      });
      await load();
    } catch (error) {
      setMessage(
        error instanceof CheckoutCancelledError
          ? { tone: 'error', text: 'Payment cancelled. You can try again.' }
          : { tone: 'error', text: `Payment failed: ${error instanceof Error ? error.message : String(error)}` },
      );
    } finally {
      setIsPaying(false);
    }
  }

  if (loaded.status !== 'ready') {
    return <DocumentPending titleId="pay-title" title="Invoice" state={loaded} />;
  }
  const { view: invoice } = loaded;
  const isPending = isOpenStatus(invoice.status);
  const hasGst = invoice.taxType !== null;
  return (
    <DocumentFrame titleId="pay-title" title={`Proforma Invoice ${invoice.number}`} status={invoice.status}>
      <DocumentParties from={invoice.issuer} to={invoice.billedTo} toHeading="Billed to" />
      <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Issued</dt>
        <dd>{formatDay(invoice.issueDate)}</dd>
        {invoice.dueDate && (
          <>
            <dt className="text-slate-600">Due by</dt>
            <dd>{formatDay(invoice.dueDate)}</dd>
          </>
        )}
        {invoice.description && (
          <>
            <dt className="text-slate-600">For</dt>
            <dd className="break-words">{invoice.description}</dd>
          </>
        )}
        {invoice.purchaseOrder?.poNumber && (
          <>
            <dt className="text-slate-600">PO number</dt>
            <dd className="break-words">{invoice.purchaseOrder.poNumber}</dd>
          </>
        )}
        {invoice.purchaseOrder?.vendorCode && (
          <>
            <dt className="text-slate-600">Vendor code</dt>
            <dd className="break-words">{invoice.purchaseOrder.vendorCode}</dd>
          </>
        )}
      </dl>
      <LinesTable
        caption="Invoice lines"
        className="mt-6 sm:overflow-x-auto"
        tableClassName="w-full min-w-[28rem] text-left text-sm"
        columns={
          <>
            <th scope="col" className="py-2 pr-3 font-medium">
              Description
            </th>
            {hasGst && (
              <>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Taxable value
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  GST
                </th>
              </>
            )}
          </>
        }
      >
        {invoice.lines.map((line, index) => (
          <tr key={index} className="border-b border-slate-200">
            <td className="py-2 pr-3">{line.description}</td>
            {hasGst && (
              <>
                <td className="py-2 pr-3 text-right">
                  <CellLabel>Taxable value</CellLabel>
                  {formatInr(line.taxablePaise)}
                </td>
                <td className="py-2 pr-3 text-right">
                  <CellLabel>GST</CellLabel>
                  {formatInr(line.cgstPaise + line.sgstPaise + line.igstPaise)}
                  <span className="block text-xs text-slate-600 max-sm:ml-1 max-sm:inline">
                    {line.igstPaise > 0 ? `IGST ${line.ratePercent}%` : `CGST + SGST ${line.ratePercent}%`}
                  </span>
                </td>
              </>
            )}
            <td className="py-2 text-right">{formatInr(line.totalPaise)}</td>
          </tr>
        ))}
      </LinesTable>
      <DocumentTotals
        className="mt-4"
        totals={invoice.totals}
        gst={hasGst ? { isInterState: invoice.totals.igstPaise > 0 } : null}
        totalTestId="pay-total"
      >
        {invoice.settledPaise > 0 && (
          <>
            <dt className="text-slate-600">Settled so far</dt>
            <dd className="text-right">{formatInr(invoice.settledPaise)}</dd>
          </>
        )}
        <dt className="font-semibold">Amount due</dt>
        <dd className="text-right font-semibold">{formatInr(invoice.amountDuePaise)}</dd>
      </DocumentTotals>

      {invoice.msmeTerms && (
        <div className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800">
          <h2 className="font-semibold">Payment terms (MSMED Act, 2006)</h2>
          {invoice.msmeTerms.map((line) => (
            <p key={line} className="mt-1">
              {line}
            </p>
          ))}
        </div>
      )}

      <div className="mt-6 space-y-3">
        {isPending && !invoice.purchaseOrder?.poNumber && (
          <TextField
            label="Your purchase order (PO) number"
            value={poNumber}
            onChange={(event) => setPoNumber(event.target.value)}
            error={poError ?? undefined}
            hint={
              invoice.requiresPoNumber
                ? 'Your company requires one on every invoice it pays. It is printed on the tax invoice.'
                : 'If your company raised a purchase order for this, it is printed on the tax invoice.'
            }
            required={invoice.requiresPoNumber}
            isOptional={!invoice.requiresPoNumber}
            maxLength={40}
            fieldClassName="max-w-sm"
            autoComplete="off"
          />
        )}
        {isPending && invoice.tds && (
          <TdsDeclaration
            tds={invoice.tds}
            amountDuePaise={invoice.amountDuePaise}
            deducts={deductsTds}
            onDeductsChange={setDeductsTds}
            choice={chosenTds(invoice.tds, tdsKind)}
            onKindChange={setTdsKind}
            disabled={isPaying}
          />
        )}
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        {invoice.paid && (
          <p className="text-slate-800" role="status">
            Paid. Thank you!{' '}
            {invoice.paid.taxInvoice.number
              ? `${invoice.paid.taxInvoice.title} ${invoice.paid.taxInvoice.number} has been issued.`
              : `Your ${invoice.paid.taxInvoice.title.toLowerCase()} is being prepared.`}
          </p>
        )}
        <div className="flex flex-wrap gap-3">
          {isPending && (
            <Button size="lg" onClick={() => void pay()} disabled={isPaying}>
              {isPaying && <Spinner />}
              {isPaying ? 'Processing...' : `Pay ${formatInr(tdsChoice?.payPaise ?? invoice.amountDuePaise)}`}
            </Button>
          )}
          {invoice.paid?.taxInvoice.number && (
            <a href={payLinkPdfUrl(token, 'tax-invoice')} className={buttonClasses('primary', 'lg')} download>
              Download {invoice.paid.taxInvoice.title.toLowerCase()}
            </a>
          )}
          <a href={payLinkPdfUrl(token, 'proforma')} className={buttonClasses('secondary', 'lg')} download>
            Download proforma (PDF)
          </a>
        </div>
        {isPending && <p className="text-sm text-slate-600">{invoice.proformaNote}</p>}
      </div>
    </DocumentFrame>
  );
}

type TdsChoice = PayLinkTds['choices'][number];

/** The kind picked (the first offered until one is). */
function chosenTds(tds: PayLinkTds | null, kind: string): TdsChoice | null {
  if (!tds || tds.choices.length === 0) return null;
  return tds.choices.find((choice) => choice.kind === kind) ?? tds.choices[0]!;
}

/**
 * "My company deducts TDS from this payment": the kind of payment (each with its rate), then the
 * figures the server will charge: the taxable value it is worked out on, the TDS with the law of
 * the day, and what is paid now; and the certificate we then wait for. Nothing here is typed: the
 * server works the TDS out again from the bill.
 */
function TdsDeclaration({
  tds,
  amountDuePaise,
  deducts,
  onDeductsChange,
  choice,
  onKindChange,
  disabled,
}: {
  tds: PayLinkTds;
  amountDuePaise: number;
  deducts: boolean;
  onDeductsChange: (deducts: boolean) => void;
  choice: TdsChoice | null;
  onKindChange: (kind: string) => void;
  disabled: boolean;
}) {
  if (!choice) return null;
  return (
    <fieldset className="max-w-xl rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">TDS</legend>
      <CheckboxField checked={deducts} disabled={disabled} onCheckedChange={onDeductsChange}>
        My company deducts TDS from this payment
      </CheckboxField>
      {deducts && (
        <div className="mt-3 space-y-3">
          <SelectField
            label="What the payment is for (TDS section)"
            value={choice.kind}
            disabled={disabled}
            onChange={(event) => onKindChange(event.target.value)}
          >
            {tds.choices.map((option) => (
              <option key={option.kind} value={option.kind}>
                {option.rate} – {option.name}
              </option>
            ))}
          </SelectField>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm" data-testid="tds-figures">
            <dt className="text-slate-600">Taxable value (GST shown separately is left out)</dt>
            <dd className="text-right">{formatInr(tds.taxablePaise)}</dd>
            <dt className="text-slate-600">
              TDS at {choice.rate} under {choice.citation}
            </dt>
            <dd className="text-right">− {formatInr(choice.tdsPaise)}</dd>
            <dt className="font-semibold">You pay now</dt>
            <dd className="text-right font-semibold">{formatInr(amountDuePaise - choice.tdsPaise)}</dd>
          </dl>
          <p className="text-sm text-slate-600">
            The TDS and what you pay settle the invoice in full. Please deposit the TDS and send us its certificate (
            {tds.certificateForm}) by {formatDay(tds.certificateDueOn)}: upload it on your statement page, or reply to
            the receipt mail with it.
          </p>
        </div>
      )}
    </fieldset>
  );
}
