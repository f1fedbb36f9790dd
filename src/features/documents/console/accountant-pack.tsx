import { taxSettings } from '@/lib/tax-settings';
import { useState, type FormEvent } from 'react';
import { Button, Spinner } from '@/components/button';
import { FormMessage, TextField } from '@/components/form-field';
import { monthSchema, previousIstMonth } from '@/domain/ist';
import { downloadAccountantPack } from './api';
import { Panel } from '@/components/console/console-parts';
import { saveDownload } from '@/lib/save-file';
import { useAction } from '@/lib/use-action';

/**
 * The accountant's pack of a month: GSTR-1's tables, the register of documents and the payments,
 * as CSV files in one ZIP. Last month by default: the return is filed for the month just ended.
 */
export function AccountantPackPanel() {
  const [month, setMonth] = useState(() => previousIstMonth());
  const [invalid, setInvalid] = useState<string | null>(null);
  const { run, isBusy, error } = useAction(async (chosen: string) => {
    saveDownload(await downloadAccountantPack(chosen), `accountants-pack-${chosen}.zip`);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = monthSchema.safeParse(month);
    setInvalid(checked.success ? null : (checked.error.issues[0]?.message ?? null));
    if (checked.success) void run(checked.data);
  }

  return (
    <Panel id="accountant-pack-title" title="Accountant's pack">
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          {taxSettings.registered
            ? 'GSTR-1 tables (B2B, B2C summary, credit notes, SAC summary) in the GST offline tool’s columns, the register of tax documents, the proformas and quotes apart, and the payments of a month in India time, as CSV files in one ZIP.'
            : 'The register of payment receipts and credit notes, the proformas and quotes apart, and the payments of a month in India time, as CSV files in one ZIP (no GSTR-1 tables: the seller is not registered for GST).'}
        </p>
        <form
          onSubmit={submit}
          aria-labelledby="accountant-pack-title"
          noValidate
          className="flex flex-wrap items-start gap-3"
        >
          <TextField
            label="Month"
            type="month"
            value={month}
            onChange={(event) => setMonth(event.target.value)}
            error={invalid ?? undefined}
            hint="YYYY-MM, in IST"
            fieldClassName="w-full max-w-48"
          />
          <Button type="submit" disabled={isBusy} className="mt-6">
            {isBusy && <Spinner />}
            {isBusy ? 'Preparing pack...' : 'Download pack'}
          </Button>
        </form>
        {error && <FormMessage tone="error">{error}</FormMessage>}
      </div>
    </Panel>
  );
}
