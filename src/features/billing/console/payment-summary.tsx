import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatIstDateTime } from '@/domain/dates';
import { formatIstDate } from '@/domain/document-number';
import { formatInrWithPaise } from '@/domain/money';
import { paymentMethodLabel } from '@/domain/payments';
import { customerLabel } from '@/domain/customers';
import { istDayStartMs } from '@/domain/ist';
import { DOCUMENT_TITLES, type DocumentKind } from '@/domain/tax-document';
import { tdsCitationOf } from '@/domain/tds';
import type { PaymentRecord } from '../data';
import { CopyButton, Facts } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { useCustomer } from '@/records/use-customer';
import { sellerDocumentWords } from '@/domain/seller-document';
import { taxSettings } from '@/lib/tax-settings';
import { mismatchReasonLabel } from '@/domain/console-status';

/** What a payment paid, in words; for a record written before that was kept, its kind. */
export function paidForText(payment: PaymentRecord): string {
  if (payment.paidFor) return payment.paidFor;
  return payment.type === 'invoice' ? 'An invoice' : payment.type === 'product_order' ? 'An order' : 'Unknown';
}

/**
 * A payment as a person reads it: who paid (name and legal business name, linking to the
 * customer), for what, when (IST), how, the tax document issued for it and any TDS; its ids stay
 * one click away, with a copy button.
 */
export function PaymentSummary({ payment, showCustomer = true }: { payment: PaymentRecord; showCustomer?: boolean }) {
  const to = useConsoleLink();
  const profile = useCustomer(payment.uid, !showCustomer || Boolean(payment.customerName));
  const who = customerLabel({
    name: payment.customerName || profile?.name,
    legalName: payment.customerLegalName || profile?.legalName,
    email: profile?.email,
  });
  const how = [paymentMethodLabel(payment.method), payment.reference].filter(Boolean).join(' · ');
  const document = payment.taxDocument;
  return (
    <>
      {showCustomer &&
        (payment.uid ? (
          <Link
            to={to('customers', payment.uid)}
            className="font-semibold break-words text-brand-darker underline-offset-2 hover:underline"
          >
            {who}
          </Link>
        ) : (
          <p className="font-semibold">{who}</p>
        ))}
      <p className="text-sm break-words text-slate-800">{paidForText(payment)}</p>
      <Facts
        items={[
          ['Date', formatIstDateTime(payment.createdAt)],
          ...(payment.receivedOn
            ? [['Received on', formatIstDate(istDayStartMs(payment.receivedOn))] as [string, string]]
            : []),
          ['Method', how],
          [
            'Tax document',
            document
              ? `${DOCUMENT_TITLES[document.kind as DocumentKind] ?? sellerDocumentWords(taxSettings.registered).title} ${document.number}`
              : payment.status === 'paid' && payment.balanceDuePaise === 0
                ? 'Being numbered'
                : '—',
          ],
          ...(payment.tdsPaise > 0
            ? [
                [
                  `TDS${payment.tdsSection ? ` (${tdsCitationOf(payment.tdsSection)?.short ?? payment.tdsSection})` : ''}`,
                  formatInrWithPaise(payment.tdsPaise),
                ] as [string, string],
              ]
            : []),
          ...(payment.balanceDuePaise > 0
            ? [['Still due after it', formatInrWithPaise(payment.balanceDuePaise)] as [string, string]]
            : []),
          ...(payment.mismatchReason
            ? [['Reason', mismatchReasonLabel(payment.mismatchReason)] as [string, string]]
            : []),
          ...(payment.refundedPaise
            ? [['Refunded', formatInrWithPaise(payment.refundedPaise)] as [string, string]]
            : []),
        ]}
      />
      <details className="mt-1 text-sm text-slate-700">
        <summary className="cursor-pointer text-slate-700 underline-offset-2 hover:underline">Ids</summary>
        <Facts
          items={[
            ['Payment', <IdWithCopy key="payment" id={payment.id} what="payment id" />],
            ...(payment.gatewayOrderId && payment.gatewayOrderId !== 'offline'
              ? [
                  ['Gateway order', <IdWithCopy key="order" id={payment.gatewayOrderId} what="gateway order id" />] as [
                    string,
                    ReactNode,
                  ],
                ]
              : []),
            ['Customer', <IdWithCopy key="customer" id={payment.uid || '—'} what="customer id" />],
          ]}
        />
      </details>
    </>
  );
}

function IdWithCopy({ id, what }: { id: string; what: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <code className="break-words">{id}</code>
      {id !== '—' && <CopyButton text={id} label={`Copy ${what}`} />}
    </span>
  );
}
