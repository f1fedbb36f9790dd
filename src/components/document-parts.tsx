import type { ReactNode } from 'react';
import { formatInr } from '@/domain/money';

/** The supplier as a document prints it; GSTIN only when registered. */
export interface FromParty {
  name: string;
  address: string;
  gstin: string | null;
  email: string;
  phone: string;
}

/** The customer as a document prints it: a guest's address and state may be blank. */
export interface ToParty {
  name: string;
  address?: string | null;
  state?: string | null;
  gstin: string | null;
}

function Party({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="text-sm text-slate-800">
      <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{heading}</h2>
      <div className="mt-1 space-y-0.5 break-words">{children}</div>
    </section>
  );
}

/**
 * Who a quote or an invoice is from and to, side by side: the same block on the quote page and the
 * pay page, so the two read alike.
 */
export function DocumentParties({ from, to, toHeading }: { from: FromParty; to: ToParty; toHeading: string }) {
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <Party heading="From">
        <p className="font-semibold">{from.name}</p>
        <p>{from.address}</p>
        {from.gstin && <p>GSTIN: {from.gstin}</p>}
        <p>
          {from.email} · {from.phone}
        </p>
      </Party>
      <Party heading={toHeading}>
        <p className="font-semibold">{to.name}</p>
        {to.address && <p>{to.address}</p>}
        {to.state && <p>{to.state}</p>}
        {to.gstin && <p>GSTIN: {to.gstin}</p>}
      </Party>
    </div>
  );
}

interface GstTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/**
 * The totals of a quote or an invoice: the taxable value and the tax heads when GST is charged,
 * then the total, then any rows the caller adds. A quote names its rate; an invoice's lines do.
 */
export function DocumentTotals({
  totals,
  gst,
  totalTestId,
  className = '',
  children,
}: {
  totals: GstTotals;
  /** null when no GST is charged. */
  gst: { isInterState: boolean; ratePercent?: number } | null;
  totalTestId: string;
  className?: string;
  children?: ReactNode;
}) {
  const at = (percent: number) => (gst?.ratePercent === undefined ? '' : ` @ ${percent}%`);
  return (
    <dl className={`ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm ${className}`.trim()}>
      {gst && (
        <>
          <dt className="text-slate-600">Taxable value</dt>
          <dd className="text-right">{formatInr(totals.taxablePaise)}</dd>
          {gst.isInterState ? (
            <>
              <dt className="text-slate-600">IGST{at(gst.ratePercent ?? 0)}</dt>
              <dd className="text-right">{formatInr(totals.igstPaise)}</dd>
            </>
          ) : (
            <>
              <dt className="text-slate-600">CGST{at((gst.ratePercent ?? 0) / 2)}</dt>
              <dd className="text-right">{formatInr(totals.cgstPaise)}</dd>
              <dt className="text-slate-600">SGST{at((gst.ratePercent ?? 0) / 2)}</dt>
              <dd className="text-right">{formatInr(totals.sgstPaise)}</dd>
            </>
          )}
        </>
      )}
      <dt className="font-semibold">Total</dt>
      <dd className="text-right font-semibold" data-testid={totalTestId}>
        {formatInr(totals.totalPaise)}
      </dd>
      {children}
    </dl>
  );
}

/**
 * On a phone each line stacks: its description and its amount on the first row, the other
 * columns (each with its own label, `CellLabel`) under them. Nothing scrolls sideways, so no
 * amount is ever out of sight.
 */
const STACKED_ON_PHONE = [
  'max-sm:block max-sm:min-w-0 max-sm:[&_tbody]:block max-sm:[&_thead]:sr-only',
  'max-sm:[&_tr]:flex max-sm:[&_tr]:flex-wrap max-sm:[&_tr]:items-baseline max-sm:[&_tr]:gap-x-3 max-sm:[&_tr]:py-2',
  'max-sm:[&_td]:p-0 max-sm:[&_td:first-child]:min-w-0 max-sm:[&_td:first-child]:flex-1 max-sm:[&_td:first-child]:break-words',
  'max-sm:[&_td:last-child]:order-1 max-sm:[&_td:last-child]:font-semibold max-sm:[&_td:last-child]:whitespace-nowrap',
  'max-sm:[&_td:not(:first-child):not(:last-child)]:order-2 max-sm:[&_td:not(:first-child):not(:last-child)]:basis-full',
  'max-sm:[&_td:not(:first-child):not(:last-child)]:text-left max-sm:[&_td:not(:first-child):not(:last-child)]:text-slate-700',
].join(' ');

/** A cell's column name, shown only where the lines stack (a phone), in front of its value. */
export function CellLabel({ children }: { children: ReactNode }) {
  return <span className="text-slate-600 sm:hidden">{children}: </span>;
}

/**
 * The table of a document's lines: the caller's columns, then Amount last, as the PDFs print them.
 * The wrapper's and the table's classes are the caller's (its spacing, its least width from `sm`
 * up); on a phone the lines stack instead (STACKED_ON_PHONE).
 */
export function LinesTable({
  caption,
  className,
  tableClassName,
  columns,
  children,
}: {
  caption: string;
  className: string;
  tableClassName: string;
  columns: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <table className={`${tableClassName} ${STACKED_ON_PHONE}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-300 text-slate-600">
          <tr>
            {columns}
            <th scope="col" className="py-2 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
