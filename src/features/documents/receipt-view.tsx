import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/button';
import { StatusBadge } from '@/components/status-badge';
import { linePaise } from '@/domain/cart';
import { formatDateTime } from '@/domain/dates';
import { formatInr } from '@/domain/money';
import { STATUS } from '@/domain/status';
import type { SubscriptionState } from '@/lib/use-subscription';
import type { ReceiptSubject } from './api';
import { DownloadDocument } from './download-document';

export interface ReceiptViewProps {
  subject: SubscriptionState<ReceiptSubject | null>;
  /** 'Download invoice' or 'Download receipt' until the API names the document. */
  downloadLabel: string;
  profileHref: string;
}

/** The id prefix of a payment staff recorded by hand (server/payments/offline.ts). */
const OFFLINE_PAYMENT_PREFIX = 'offline_';

/** What the receipt shows of an order or an invoice: only the number, list price and items differ. */
function detailsOf(subject: ReceiptSubject) {
  const { paid, number, listedPaise, items } =
    subject.kind === 'order'
      ? {
          paid: subject.order,
          number: subject.order.orderNumber,
          listedPaise: subject.order.totalPaise,
          items: subject.order.items,
        }
      : {
          paid: subject.invoice,
          number: subject.invoice.invoiceId,
          listedPaise: subject.invoice.amountPaise,
          items: [],
        };
  return {
    noun: subject.kind,
    number,
    reference: `${subject.kind === 'order' ? 'Order' : 'Invoice'} #${number}`,
    status: paid.status,
    amountPaise: paid.chargedPaise ?? listedPaise,
    paymentId: paid.paymentId,
    paidAt: paid.paidAt,
    taxDocumentNumber: paid.taxDocumentNumber,
    items,
  };
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

interface ValueRowProps {
  label: string;
  value: string | null | undefined;
  className: string;
  testId?: string;
}

/** A row of one value in its own span (tests find it by testId); no row while the value is missing. */
function ValueRow({ label, value, className, testId }: ValueRowProps) {
  if (!value) return null;
  return (
    <Row label={label}>
      <span className={className} data-testid={testId}>
        {value}
      </span>
    </Row>
  );
}

/**
 * The page a buyer lands on after paying (and finds again from the profile): what was paid, how
 * much, the payment id and date, and the tax document to download. It follows the live status, so
 * a payment the server is still confirming turns into the receipt in front of the buyer.
 */
export function ReceiptView({ subject, downloadLabel, profileHref }: ReceiptViewProps) {
  const back = (
    <Link to={profileHref} className={buttonClasses('secondary', 'md')}>
      Back to My Profile
    </Link>
  );
  if (subject.status !== 'ready') {
    return (
      <Frame title="Receipt">
        {subject.status === 'loading' ? (
          <p className="text-slate-600">Loading receipt...</p>
        ) : (
          <p role="alert" className="text-red-700">
            Could not load this receipt. Please reload the page.
          </p>
        )}
      </Frame>
    );
  }
  if (!subject.data) {
    return (
      <Frame title="Receipt not found">
        <p className="text-slate-700">We could not find this payment in your account.</p>
        <div className="mt-6">{back}</div>
      </Frame>
    );
  }
  const details = detailsOf(subject.data);
  const isPaid = details.status === STATUS.paid;
  return (
    <Frame title={isPaid ? 'Payment successful' : `Your ${details.noun}`}>
      <p className="text-slate-700">
        {isPaid
          ? `Thank you! We have received your payment for ${details.reference}.`
          : details.status === STATUS.pending
            ? 'We are confirming your payment with the bank. This page updates by itself.'
            : `This ${details.noun} is ${details.status.toLowerCase()}.`}
      </p>
      <dl className="mt-6 divide-y divide-slate-200 border-y border-slate-200">
        <Row label={details.noun === 'order' ? 'Order number' : 'Invoice number'}>
          <span className="break-words">{details.number}</span>
        </Row>
        <Row label="Status">
          <StatusBadge status={details.status} />
        </Row>
        {details.items.length > 0 && (
          <Row label="Items">
            <ul className="space-y-1">
              {details.items.map((item) => (
                <li key={item.id} className="flex flex-wrap justify-between gap-x-4">
                  <span>
                    {item.name} <span className="text-slate-600">({item.category})</span>
                  </span>
                  <span>{formatInr(linePaise(item))}</span>
                </li>
              ))}
            </ul>
          </Row>
        )}
        <ValueRow
          label={isPaid ? 'Amount paid' : 'Amount'}
          value={formatInr(details.amountPaise)}
          className="font-semibold"
          testId="receipt-amount"
        />
        {details.paymentId?.startsWith(OFFLINE_PAYMENT_PREFIX) ? (
          // Our own record's id means nothing to the customer: say how it was paid instead.
          <Row label="Paid by">Bank transfer, UPI or cheque, recorded by our team</Row>
        ) : (
          <ValueRow
            label="Payment ID"
            value={details.paymentId}
            className="font-mono text-sm break-words"
            testId="receipt-payment-id"
          />
        )}
        {details.paidAt && <Row label="Paid on">{formatDateTime(details.paidAt)}</Row>}
        <ValueRow
          label="Tax document"
          value={details.taxDocumentNumber}
          className="break-words"
          testId="receipt-document-number"
        />
      </dl>
      <div className="mt-6 flex flex-wrap items-start gap-3">
        {isPaid && details.paymentId && (
          <DownloadDocument paymentId={details.paymentId} fallbackLabel={downloadLabel} />
        )}
        {back}
      </div>
    </Frame>
  );
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-labelledby="receipt-title" className="mx-auto max-w-3xl px-4 py-10">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="receipt-title" className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        <div className="mt-4">{children}</div>
      </div>
    </section>
  );
}
