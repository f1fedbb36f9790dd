import type { ReactNode } from 'react';
import { formatDay } from '@/domain/dates';
import { formatInrWithPaise } from '@/domain/money';
import { payableNowPaise, type OpenItem, type Statement, type StatementSnapshot } from '@/domain/statement';

/**
 * A statement of account on screen: the same figures its PDF and CSV print (the API computed them
 * once), laid out for a phone as well as a desk: the balance and what to pay first, the ageing,
 * the open bills with their pay links, then every line with its running balance.
 */

/** A signed amount: a negative balance is money we hold for the customer. */
export const signedInr = (paise: number) => (paise < 0 ? `−${formatInrWithPaise(-paise)}` : formatInrWithPaise(paise));

function Figure({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-200 py-1.5 last:border-0">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-700'}>{label}</dt>
      <dd data-testid={testId} className={`text-right tabular-nums ${strong ? 'text-lg font-semibold' : ''}`}>
        {value}
      </dd>
    </div>
  );
}

/** Opening balance, debits, credits, closing balance (and interest, from a micro or small enterprise). */
export function StatementFigures({ statement }: { statement: Statement }) {
  return (
    <dl className="text-sm">
      <Figure
        label={`Opening balance on ${formatDay(statement.from)}`}
        value={signedInr(statement.openingPaise)}
        testId="statement-opening"
      />
      <Figure
        label="Debits (bills, refunds to you)"
        value={formatInrWithPaise(statement.debitsPaise)}
        testId="statement-debits"
      />
      <Figure
        label="Credits (payments, TDS, credit notes)"
        value={formatInrWithPaise(statement.creditsPaise)}
        testId="statement-credits"
      />
      <Figure
        label={`Closing balance on ${formatDay(statement.to)}`}
        value={signedInr(statement.closingPaise)}
        testId="statement-closing"
        strong
      />
      {statement.interest && (
        <Figure
          label="Interest under section 16 of the MSMED Act on what is overdue"
          value={formatInrWithPaise(statement.interest.totalPaise)}
          testId="statement-interest"
        />
      )}
    </dl>
  );
}

/** What is open, by days past due: the buckets add up to the closing balance. */
export function AgeingTable({ statement }: { statement: Statement }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Ageing of what is open, by days past due</caption>
      <thead>
        <tr className="border-b border-slate-300 text-slate-700">
          <th scope="col" className="py-1.5 font-medium">
            Days past due
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {statement.ageing.map((bucket) => (
          <tr key={bucket.bucket} className="border-b border-slate-200">
            <th scope="row" className="py-1.5 font-normal text-slate-800">
              {bucket.label}
            </th>
            <td className="py-1.5 text-right tabular-nums" data-testid={`ageing-${bucket.bucket}`}>
              {signedInr(bucket.amountPaise)}
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row" className="py-1.5 font-semibold">
            Total (the closing balance)
          </th>
          <td className="py-1.5 text-right font-semibold tabular-nums">{signedInr(statement.closingPaise)}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** The open bills, oldest due first, each with what is left, its PO and (when given) how to pay it. */
export function OpenBills({
  statement,
  action,
}: {
  statement: Statement;
  /** What stands beside a bill: its Pay now link on the customer's page. */
  action?: (item: OpenItem) => ReactNode;
}) {
  if (statement.openItems.length === 0) return <p className="text-sm text-slate-700">No bill is open.</p>;
  return (
    <ul className="divide-y divide-slate-200 text-sm">
      {statement.openItems.map((item) => (
        <li key={item.key} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3">
          <div className="min-w-0 flex-1 basis-56">
            <p className="font-semibold break-words">{item.label}</p>
            <p className="text-slate-700">
              Due {formatDay(item.dueDay)}
              {item.daysPastDue > 0 ? ` · ${item.daysPastDue} days past due` : ''}
              {item.purchaseOrder?.poNumber ? ` · PO ${item.purchaseOrder.poNumber}` : ''}
            </p>
            {item.interestPaise ? (
              <p className="text-slate-700">Section 16 interest so far: {formatInrWithPaise(item.interestPaise)}</p>
            ) : null}
          </div>
          <p className="font-semibold tabular-nums">{formatInrWithPaise(item.openPaise)}</p>
          {action?.(item)}
        </li>
      ))}
    </ul>
  );
}

/** The lines table's columns: heading, and where its figures sit. */
const LINE_COLUMNS: Array<[heading: string, className: string]> = [
  ['Date', 'pr-3'],
  ['Particulars', 'pr-3'],
  ['Debit', 'pr-3 text-right'],
  ['Credit', 'pr-3 text-right'],
  ['Balance', 'text-right'],
];

/** Every movement of the period with its running balance: a table on a desk, a list on a phone. */
export function StatementLines({ statement }: { statement: Statement }) {
  if (statement.lines.length === 0) {
    return <p className="text-sm text-slate-700">Nothing moved in this period.</p>;
  }
  return (
    <>
      <table className="hidden w-full text-left text-sm sm:table">
        <caption className="sr-only">Every bill and payment of the period, with the balance after it</caption>
        <thead>
          <tr className="border-b border-slate-300 text-slate-700">
            {LINE_COLUMNS.map(([heading, className]) => (
              <th key={heading} scope="col" className={`py-1.5 font-medium ${className}`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-slate-200">
            <td className="py-1.5 pr-3 whitespace-nowrap">{formatDay(statement.from)}</td>
            <td className="py-1.5 pr-3">Opening balance</td>
            <td />
            <td />
            <td className="py-1.5 text-right tabular-nums">{signedInr(statement.openingPaise)}</td>
          </tr>
          {statement.lines.map((line, index) => (
            <tr key={index} className="border-b border-slate-200 align-top">
              <td className="py-1.5 pr-3 whitespace-nowrap">{formatDay(line.day)}</td>
              <td className="py-1.5 pr-3 break-words">
                {line.label}: {line.reference}
                {line.poNumber ? <span className="text-slate-600"> · PO {line.poNumber}</span> : null}
                {line.description ? <span className="block text-slate-600">{line.description}</span> : null}
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                {line.debitPaise ? formatInrWithPaise(line.debitPaise) : ''}
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                {line.creditPaise ? formatInrWithPaise(line.creditPaise) : ''}
              </td>
              <td className="py-1.5 text-right tabular-nums">{signedInr(line.balancePaise)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ol className="divide-y divide-slate-200 text-sm sm:hidden" aria-label="Every bill and payment of the period">
        {statement.lines.map((line, index) => (
          <li key={index} className="py-2">
            <div className="flex justify-between gap-3">
              <span className="font-medium">{line.label}</span>
              <span className="tabular-nums">
                {line.debitPaise
                  ? `+${formatInrWithPaise(line.debitPaise)}`
                  : `−${formatInrWithPaise(line.creditPaise)}`}
              </span>
            </div>
            <div className="flex justify-between gap-3 text-slate-700">
              <span className="min-w-0 break-words">
                {formatDay(line.day)} · {line.reference}
                {line.poNumber ? ` · PO ${line.poNumber}` : ''}
              </span>
              <span className="whitespace-nowrap tabular-nums">Bal. {signedInr(line.balancePaise)}</span>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/** What the customer pays now: the open bills' balances (each has its own pay link). */
export const dueNowPaise = (snapshot: StatementSnapshot) => payableNowPaise(snapshot.statement);
