import { FILE_INPUT_CLASSES } from '@/components/file-picker';
import { useId, useState, type FormEvent } from 'react';
import { Button, Spinner } from '@/components/button';
import { ConsolePage, Facts, FilterSelect, MessageLine, TitleLink } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { useAction } from '@/lib/use-action';
import { TextAreaField } from '@/components/form-field';
import { PagedRows } from '@/components/paged-rows';
import { StatusBadge } from '@/components/status-badge';
import { formatDay } from '@/domain/dates';
import { formatInrWithPaise } from '@/domain/money';
import { istToday } from '@/domain/ist';
import {
  recentTdsQuarters,
  TDS_CERTIFICATE_STATUS_LABELS,
  TDS_CERTIFICATE_STATUSES,
  tdsCertificateRejectSchema,
  type TdsCertificateView,
} from '@/domain/tds-certificates';
import { useApiPages } from '@/lib/api-pages';
import { saveDownload } from '@/lib/save-file';
import { certificateFileProblem, certificateTitle } from '../tds-certificates-panel';
import {
  rejectTdsCertificate,
  runTdsReminders,
  staffDownloadTdsCertificate,
  staffTdsCertificates,
  staffUploadTdsCertificate,
  verifyTdsCertificate,
  type TdsCertificateFilter,
} from './api';

/** The quarters the filter offers: this one and the seven before it. */
const QUARTERS = 8;

/**
 * The TDS customers deducted from their payments to us, each awaiting its certificate: by quarter
 * and status (what is awaited first), newest first, a page at a time. Staff open the uploaded PDF,
 * upload one the customer mailed, verify it after matching it with Form 26AS, or send it back with
 * a reason (the customer is mailed); and send the quarter's reminders now.
 */
export function TdsCertificatesPage() {
  const [filter, setFilter] = useState<TdsCertificateFilter>({ quarter: '', status: 'awaited' });
  const list = useApiPages<TdsCertificateView>(`tds:${filter.quarter}:${filter.status}`, (after) =>
    staffTdsCertificates(filter, after),
  );
  const quarters = recentTdsQuarters(istToday(), QUARTERS);

  return (
    <ConsolePage title="TDS certificates" actions={<RemindersButton />}>
      <p className="text-sm text-slate-700">
        Each TDS amount a customer deducted, online or recorded with a payment. Verify a certificate once it matches
        Form 26AS; customers whose certificates are still awaited after the quarter&apos;s date are reminded once.
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FilterSelect
          label="Quarter"
          value={filter.quarter}
          onChange={(quarter) => setFilter((previous) => ({ ...previous, quarter }))}
          options={[
            ['', 'All quarters'],
            ...quarters.map((quarter): [string, string] => [
              quarter.key,
              `${quarter.label}, due ${formatDay(quarter.certificateDueOn)}`,
            ]),
          ]}
        />
        <FilterSelect
          label="Status"
          value={filter.status}
          onChange={(status) => setFilter((previous) => ({ ...previous, status }))}
          options={[
            ...TDS_CERTIFICATE_STATUSES.map((status): [string, string] => [
              status,
              TDS_CERTIFICATE_STATUS_LABELS[status],
            ]),
            ['', 'All'],
          ]}
        />
      </div>
      <PagedRows<TdsCertificateView>
        list={list}
        label="TDS certificates"
        emptyText="No TDS certificates match."
        row={(certificate) => <CertificateRow certificate={certificate} onChange={list.replace} />}
      />
    </ConsolePage>
  );
}

function RemindersButton() {
  const [done, setDone] = useState<string | null>(null);
  const { run, isBusy, error } = useAction(async () => {
    const outcome = await runTdsReminders();
    const reminded = outcome.report?.reminded ?? 0;
    setDone(
      reminded === 0 ? 'No reminder was due.' : `${reminded} ${reminded === 1 ? 'company' : 'companies'} reminded.`,
    );
  });
  return (
    <div className="flex flex-col items-end gap-1">
      <Button variant="secondary" size="sm" disabled={isBusy} onClick={() => void run()}>
        {isBusy && <Spinner />}
        {isBusy ? 'Sending...' : 'Send reminders now'}
      </Button>
      {(error ?? done) && (
        <p role={error ? 'alert' : 'status'} className={`text-sm ${error ? 'text-red-700' : 'text-slate-700'}`}>
          {error ?? done}
        </p>
      )}
    </div>
  );
}

function CertificateRow({
  certificate,
  onChange,
}: {
  certificate: TdsCertificateView;
  onChange: (certificate: TdsCertificateView) => void;
}) {
  const inputId = useId();
  const to = useConsoleLink();
  const [isRejecting, setIsRejecting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const title = certificateTitle(certificate);
  const act = useAction(async (action: () => Promise<TdsCertificateView>, done: string) => {
    onChange(await action());
    setNotice(done);
  });
  const isOverdue = certificate.status === 'awaited' && certificate.certificateDueOn < istToday();

  return (
    <>
      <div className="min-w-0 flex-1 basis-64 space-y-1">
        <TitleLink to={to('customers', certificate.companyId)}>{certificate.customerName ?? 'Customer'}</TitleLink>
        <p className="text-sm break-words text-slate-900">{certificate.paidFor ?? 'Payment'}</p>
        <Facts
          items={[
            ['TDS', `${formatInrWithPaise(certificate.tdsPaise)} under ${certificate.citation}`],
            ['Paid', formatDay(certificate.receivedOn)],
            ['Quarter', certificate.quarterLabel],
            [
              `${certificate.form} due`,
              isOverdue ? `${formatDay(certificate.certificateDueOn)} (past)` : formatDay(certificate.certificateDueOn),
            ],
            ...(certificate.file
              ? [
                  [
                    'File',
                    `${certificate.file.name}, uploaded by ${certificate.file.uploadedBy === 'staff' ? 'staff' : 'the customer'}`,
                  ] as [string, string],
                ]
              : []),
            ...(certificate.rejection ? [['Sent back', certificate.rejection.reason] as [string, string]] : []),
          ]}
        />
      </div>
      <div className="flex w-full flex-col items-start gap-2 sm:w-auto sm:items-end">
        <span className="font-semibold">{formatInrWithPaise(certificate.tdsPaise)}</span>
        <StatusBadge status={TDS_CERTIFICATE_STATUS_LABELS[certificate.status]} />
        <div className="flex flex-wrap gap-2 sm:justify-end">
          {certificate.file && (
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Open the certificate: ${title}`}
              onClick={() =>
                void act.run(async () => {
                  saveDownload(await staffDownloadTdsCertificate(certificate.id), 'tds-certificate.pdf');
                  return certificate;
                }, '')
              }
            >
              Open PDF
            </Button>
          )}
          {certificate.status === 'received' && (
            <>
              <Button
                size="sm"
                disabled={act.isBusy}
                aria-label={`Verify: ${title}`}
                onClick={() => void act.run(() => verifyTdsCertificate(certificate.id), 'Verified against Form 26AS.')}
              >
                Verify
              </Button>
              <Button
                variant="secondary"
                size="sm"
                disabled={act.isBusy}
                aria-label={`Send back: ${title}`}
                onClick={() => setIsRejecting(true)}
              >
                Send back
              </Button>
            </>
          )}
        </div>
        {certificate.status !== 'verified' && (
          <div className="sm:text-right">
            <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
              Upload PDF<span className="sr-only">: {title}</span>
            </label>
            <input
              id={inputId}
              type="file"
              accept="application/pdf,.pdf"
              disabled={act.isBusy}
              className={`mt-1 block w-full max-w-full ${FILE_INPUT_CLASSES} sm:max-w-64`}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                const problem = certificateFileProblem(file);
                if (problem) {
                  setNotice(null);
                  void act.run(() => Promise.reject(new Error(problem)), '');
                  return;
                }
                void act.run(() => staffUploadTdsCertificate(certificate.id, file), `${file.name} uploaded.`);
              }}
            />
          </div>
        )}
      </div>
      {isRejecting && (
        <RejectForm
          title={title}
          onCancel={() => setIsRejecting(false)}
          onReject={async (reason) => {
            const ok = await act.run(
              () => rejectTdsCertificate(certificate.id, reason),
              'Sent back; the customer is mailed why.',
            );
            if (ok) setIsRejecting(false);
          }}
          isBusy={act.isBusy}
        />
      )}
      <MessageLine text={act.error} className="w-full" />
      <MessageLine text={notice || null} tone="success" className="w-full" />
    </>
  );
}

function RejectForm({
  title,
  onCancel,
  onReject,
  isBusy,
}: {
  title: string;
  onCancel: () => void;
  onReject: (reason: string) => Promise<void>;
  isBusy: boolean;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = tdsCertificateRejectSchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Say why.');
      return;
    }
    setProblem(null);
    await onReject(parsed.data.reason);
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={`Send back: ${title}`}
      className="w-full space-y-2 rounded-md bg-slate-50 p-3"
    >
      <TextAreaField
        label="Why it is sent back (mailed to the customer)"
        rows={3}
        maxLength={500}
        value={reason}
        error={problem ?? undefined}
        autoFocus
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" size="sm" disabled={isBusy}>
          Send back
        </Button>
      </div>
    </form>
  );
}
