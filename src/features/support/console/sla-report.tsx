import { useState } from 'react';
import { FormMessage, TextField } from '@/components/form-field';
import { formatMinutes } from '@/domain/business-hours';
import { getReport, type SupportReport } from '../api';
import { ConsolePage } from '@/components/console/console-parts';
import { useLoad } from '@/lib/use-load';

import { SubNav } from './support-nav';

/** This month in India ('2026-11'): the report opens on the month staff are working in. */
const thisMonth = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);

/** A share with the counts it rests on: '75 % (3 of 4)'; '—' when there is nothing to count. */
const share = (value: number | null, counts: { withinTarget: number; of: number }) =>
  value === null ? '—' : `${value} % (${counts.withinTarget} of ${counts.of})`;

/** The month's SLA report: shares within target and time logged. */
export function Report() {
  const [month, setMonth] = useState(thisMonth());
  const [report] = useLoad(() => getReport(month), month);
  return (
    <ConsolePage title="Support SLA report" actions={<SubNav />}>
      <TextField
        label="Month"
        type="month"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        fieldClassName="w-48"
      />
      {report.status === 'loading' && <p className="text-slate-600">Adding up the month...</p>}
      {report.status === 'error' && <FormMessage tone="error">{report.error}</FormMessage>}
      {report.status === 'ready' && <ReportTables report={report.data} />}
    </ConsolePage>
  );
}

function ReportTables({ report }: { report: SupportReport }) {
  return (
    <>
      {/* Wider than a phone: it scrolls sideways, so it takes the focus (keyboard users scroll it too). */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Requests by tier">
        <table className="w-full min-w-[520px] border-collapse rounded-xl bg-white text-sm">
          <caption className="text-left font-semibold">Requests opened in {report.month}, by tier</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left">
              <th className="p-2">Tier</th>
              <th className="p-2">Requests</th>
              <th className="p-2">First replies within target</th>
              <th className="p-2">Resolutions within target</th>
              <th className="p-2">Median first reply</th>
            </tr>
          </thead>
          <tbody>
            {report.tiers.map((row) => (
              <tr key={row.tier} className="border-b border-slate-200">
                <th scope="row" className="p-2 text-left">
                  {row.tier}
                </th>
                <td className="p-2">{row.requests}</td>
                <td className="p-2">{share(row.firstReplyWithinTarget, row.firstReplies)}</td>
                <td className="p-2">{share(row.resolutionWithinTarget, row.resolutions)}</td>
                <td className="p-2">
                  {row.medianFirstReplyMinutes === null
                    ? '—'
                    : `${formatMinutes(row.medianFirstReplyMinutes)} (business time)`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-700">Out of plan: {report.outOfPlan}</p>
      <h2 className="text-lg font-semibold">Support used this year, per service</h2>
      {report.usageThisYear.length === 0 ? (
        <p className="text-slate-700">No time logged yet this year.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
          {report.usageThisYear.map((row) => (
            <li key={`${row.uid}/${row.serviceName}`} className="flex justify-between gap-3 p-3">
              <span>
                {row.customerName ?? row.uid}: {row.serviceName}
              </span>
              <span className="font-semibold">{formatMinutes(row.minutes)}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
