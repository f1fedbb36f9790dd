import { FILE_INPUT_CLASSES } from '@/components/file-picker';
import { useId, useState } from 'react';
import { Button, Spinner } from '@/components/button';
import { PagedRows } from '@/components/paged-rows';
import { Panel } from '@/components/panel';
import { StatusBadge } from '@/components/status-badge';
import { formatDay } from '@/domain/dates';
import { formatInrWithPaise } from '@/domain/money';
import {
  TDS_CERTIFICATE_MAX_BYTES,
  TDS_CERTIFICATE_MESSAGES,
  TDS_CERTIFICATE_STATUS_LABELS,
  type TdsCertificateView,
} from '@/domain/tds-certificates';
import { useApiPages } from '@/lib/api-pages';
import { saveDownload } from '@/lib/save-file';
import { useCompany } from '@/lib/company-session';
import { downloadTdsCertificate, listTdsCertificates, uploadTdsCertificate } from './api';

/** A PDF's problem before it is sent (the API checks again, by its content): null when it may go. */
export function certificateFileProblem(file: File): string | null {
  if (!/\.pdf$/i.test(file.name)) return TDS_CERTIFICATE_MESSAGES.pdfOnly(file.name);
  if (file.size > TDS_CERTIFICATE_MAX_BYTES) return TDS_CERTIFICATE_MESSAGES.tooLarge(file.name);
  if (file.size === 0) return TDS_CERTIFICATE_MESSAGES.empty(file.name);
  return null;
}

/** What a certificate is for, in one line: '₹10,000.00 TDS on Proforma PI/2026-27/0007'. */
export const certificateTitle = (certificate: TdsCertificateView) =>
  `${formatInrWithPaise(certificate.tdsPaise)} TDS on ${certificate.paidFor ?? 'a payment'}`;

/**
 * The company's TDS certificates (on /statement): each TDS amount deducted from a payment to us,
 * its quarter and the day its certificate is due, its status, and an upload of the certificate's
 * PDF while it is awaited or received (the API lets owners and billing members, and says so to
 * anyone else). Shown only once the company has deducted TDS: a company that never did sees
 * nothing new.
 */
export function TdsCertificatesPanel({ companyId }: { companyId: string }) {
  const list = useApiPages<TdsCertificateView>(`tds:${companyId}`, (after) => listTdsCertificates(companyId, after));
  if (list.status === 'loading' || (list.status === 'ready' && list.items.length === 0)) return null;
  return (
    <div id="tds-certificates" className="scroll-mt-24">
      <Panel titleId="tds-certificates-title" title="TDS certificates">
        <p className="mt-1 text-sm text-slate-700">
          The TDS your company deducted from its payments to us. Once you have deposited it, download the certificate
          from TRACES and upload the PDF here by the date shown: we claim the tax only with it.
        </p>
        <div className="mt-3">
          <PagedRows<TdsCertificateView>
            list={list}
            label="TDS certificates"
            look="plain"
            emptyText="No TDS deducted yet."
            errorText="Could not load your TDS certificates. Please reload the page."
            row={(certificate) => (
              <CertificateRow companyId={companyId} certificate={certificate} onChange={list.replace} />
            )}
          />
        </div>
      </Panel>
    </div>
  );
}

function CertificateRow({
  companyId,
  certificate,
  onChange,
}: {
  companyId: string;
  certificate: TdsCertificateView;
  onChange: (certificate: TdsCertificateView) => void;
}) {
  const inputId = useId();
  const [isUploading, setIsUploading] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const title = certificateTitle(certificate);
  const company = useCompany();
  // Filing the certificate is paying's part: the owner's and the billing members' (as the API says).
  const mayUpload = company.can('pay');
  const canUpload = certificate.status !== 'verified' && mayUpload;

  async function upload(file: File) {
    const problem = certificateFileProblem(file);
    if (problem) {
      setMessage({ tone: 'error', text: problem });
      return;
    }
    setIsUploading(true);
    setMessage(null);
    try {
      onChange(await uploadTdsCertificate(companyId, certificate.id, file));
      setMessage({ tone: 'success', text: `${file.name} uploaded. We will check it against Form 26AS.` });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setIsUploading(false);
    }
  }

  async function download() {
    try {
      saveDownload(await downloadTdsCertificate(companyId, certificate.id), 'tds-certificate.pdf');
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <div className="w-full space-y-2">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 font-semibold break-words text-slate-900">{title}</p>
        <StatusBadge status={TDS_CERTIFICATE_STATUS_LABELS[certificate.status]} />
      </div>
      <p className="text-sm text-slate-700">
        Paid {formatDay(certificate.receivedOn)} · under {certificate.citation} · {certificate.quarterLabel} ·{' '}
        {certificate.form} due by {formatDay(certificate.certificateDueOn)}
      </p>
      {certificate.rejection && certificate.status === 'awaited' && (
        <p className="text-sm text-red-800">We could not accept the last certificate: {certificate.rejection.reason}</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {certificate.file && (
          <Button variant="secondary" size="sm" onClick={() => void download()}>
            View {certificate.file.name}
          </Button>
        )}
        {certificate.status !== 'verified' && !mayUpload && (
          <p className="text-sm text-slate-700">{company.refusal('pay')}</p>
        )}
        {canUpload && (
          <div className="min-w-0">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
              {certificate.file ? 'Replace the certificate (PDF)' : 'Upload the certificate (PDF)'}
              <span className="sr-only">: {title}</span>
            </label>
            <div className="mt-1 flex items-center gap-2">
              <input
                id={inputId}
                type="file"
                accept="application/pdf,.pdf"
                disabled={isUploading}
                className={`block w-full max-w-full ${FILE_INPUT_CLASSES}`}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void upload(file);
                }}
              />
              {isUploading && <Spinner />}
            </div>
          </div>
        )}
      </div>
      {message && (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={message.tone === 'error' ? 'text-sm text-red-700' : 'text-sm text-green-800'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
