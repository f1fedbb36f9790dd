import { formatInr } from '@/domain/money';
import type { MilestoneState, QuoteView } from '@/domain/quotes';
import { buttonClasses } from './button';
import { CellLabel, DocumentParties, DocumentTotals, LinesTable } from './document-parts';
import { StatusBadge } from './status-badge';

const STATE_LABELS: Record<MilestoneState, string> = {
  pending: 'Not invoiced yet',
  invoiced: 'Invoiced',
  paid: 'Paid',
};

const cell = 'py-2 pr-3';
const number = `${cell} text-right tabular-nums`;

/**
 * A quote as its customer reads it (and staff preview it): who offers it to whom, its lines, the
 * totals with GST as the invoices show it, each payment milestone with what its invoice charges
 * and where it stands (with a link to pay an invoiced one, when `canPay`), and the terms. The same
 * values its PDF prints.
 */
export function QuoteDocument({ view, canPay = false }: { view: QuoteView; canPay?: boolean }) {
  const quote = view.document;
  const hasGst = quote.taxType !== null;
  return (
    <div className="space-y-6">
      <DocumentParties from={quote.supplier} to={quote.recipient} toHeading="Quote for" />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Quote no.</dt>
        <dd>
          {quote.number} (version {quote.version})
        </dd>
        <dt className="text-slate-600">Issued</dt>
        <dd>{quote.issueDate}</dd>
        <dt className="text-slate-600">Valid until</dt>
        <dd data-testid="quote-valid-until">{quote.validUntil}</dd>
        <dt className="text-slate-600">For</dt>
        <dd className="break-words">{quote.description}</dd>
      </dl>

      <LinesTable
        caption="Quote lines"
        className="sm:overflow-x-auto"
        tableClassName="w-full min-w-[30rem] text-left text-sm"
        columns={
          <>
            <th scope="col" className={`${cell} font-medium`}>
              Description
            </th>
            {hasGst && (
              <th scope="col" className={`${cell} font-medium`}>
                SAC
              </th>
            )}
            <th scope="col" className={`${number} font-medium`}>
              Qty
            </th>
            <th scope="col" className={`${number} font-medium`}>
              Rate
            </th>
          </>
        }
      >
        {quote.lines.map((line, index) => (
          <tr key={index} className="border-b border-slate-200">
            <td className={cell}>{line.description}</td>
            {hasGst && (
              <td className={cell}>
                <CellLabel>SAC</CellLabel>
                {line.sac}
              </td>
            )}
            <td className={number}>
              <CellLabel>Qty</CellLabel>
              {line.quantity}
            </td>
            <td className={number}>
              <CellLabel>Rate</CellLabel>
              {formatInr(line.ratePaise)}
            </td>
            <td className="py-2 text-right tabular-nums">{formatInr(line.amountPaise)}</td>
          </tr>
        ))}
      </LinesTable>
      <DocumentTotals
        totals={quote.totals}
        gst={hasGst ? { isInterState: quote.taxType === 'inter-state', ratePercent: quote.ratePercent } : null}
        totalTestId="quote-total"
      />
      <p className="text-sm text-slate-600">
        {!hasGst
          ? 'No GST is charged: the supplier is not registered for GST.'
          : quote.pricesIncludeGst
            ? `Prices include GST at ${quote.ratePercent}%.`
            : `GST at ${quote.ratePercent}% is added to the listed prices.`}
      </p>

      <section aria-labelledby="quote-milestones">
        <h2 id="quote-milestones" className="text-lg font-semibold text-slate-900">
          Payment milestones
        </h2>
        <ol
          aria-label="Payment milestones"
          className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200"
        >
          {quote.milestones.map((milestone, index) => {
            const progress = view.progress[index] ?? { state: 'pending' as const, invoice: null };
            return (
              <li
                key={index}
                data-testid={`milestone-${index + 1}`}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-3 text-sm"
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="font-semibold text-slate-900">
                    {index + 1}. {milestone.label}
                    {milestone.share && <span className="font-normal text-slate-600"> ({milestone.share})</span>}
                  </p>
                  {hasGst && (
                    <p className="text-slate-600">
                      Taxable {formatInr(milestone.taxablePaise)} + GST{' '}
                      {formatInr(milestone.cgstPaise + milestone.sgstPaise + milestone.igstPaise)}
                    </p>
                  )}
                  {progress.invoice && <p className="text-slate-600">Invoice {progress.invoice.number}</p>}
                </div>
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-semibold tabular-nums">{formatInr(milestone.totalPaise)}</span>
                  <StatusBadge status={STATE_LABELS[progress.state]} />
                  {canPay && progress.state === 'invoiced' && progress.invoice?.payUrl && (
                    <a href={progress.invoice.payUrl} className={buttonClasses('primary', 'sm')}>
                      Pay {formatInr(progress.invoice.amountPaise)}
                    </a>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      </section>

      {quote.terms && (
        <section aria-labelledby="quote-terms">
          <h2 id="quote-terms" className="text-lg font-semibold text-slate-900">
            Terms
          </h2>
          <p className="mt-2 text-sm whitespace-pre-wrap break-words text-slate-800">{quote.terms}</p>
        </section>
      )}
      <p className="text-sm text-slate-600">{quote.note}</p>
    </div>
  );
}
