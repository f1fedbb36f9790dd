import { useEffect, useState } from 'react';
import { Button, Spinner } from '@/components/button';
import { ApiError, type ApiFile } from '@/lib/api-client';
import { downloadTaxDocument, loadTaxDocumentInfo, type TaxDocumentInfo } from './api';

/** While the document is being numbered, its readiness is checked again this often, this many times. */
const RECHECK_MS = 3000;
const RECHECKS = 40;

export interface DownloadDocumentProps {
  paymentId: string;
  /** The label until the API names the document ('Download invoice' or 'Download receipt'). */
  fallbackLabel: string;
}

function save({ blob, fileName }: ApiFile, fallbackName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The payment's tax document (issued by the API a moment after the payment): its download button,
 * a 'being prepared' state while it is numbered, nothing when the payment has none.
 */
export function DownloadDocument({ paymentId, fallbackLabel }: DownloadDocumentProps) {
  // undefined: still asking; null: this payment has no document.
  const [info, setInfo] = useState<TaxDocumentInfo | null | undefined>(undefined);
  const [recheck, setRecheck] = useState(0);
  const [state, setState] = useState<'idle' | 'downloading' | 'failed'>('idle');

  useEffect(() => {
    let stopped = false;
    let timer = 0;
    let tries = 0;
    const check = () => {
      loadTaxDocumentInfo(paymentId)
        .then((next) => {
          if (stopped) return;
          setInfo(next);
          if (next?.status === 'pending' && tries++ < RECHECKS) timer = window.setTimeout(check, RECHECK_MS);
        })
        .catch((error: unknown) => {
          console.warn('Could not look up the tax document.', error);
          if (!stopped) setInfo(null);
        });
    };
    check();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [paymentId, recheck]);

  async function download() {
    setState('downloading');
    try {
      save(await downloadTaxDocument(paymentId), `${paymentId}.pdf`);
      setState('idle');
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Still being numbered: show that, and check again until it is ready.
        setInfo({ status: 'pending' });
        setRecheck((count) => count + 1);
        setState('idle');
        return;
      }
      console.warn('Downloading the tax document failed.', error);
      setState('failed');
    }
  }

  if (!info) return null;
  const isPreparing = info.status === 'pending';
  const label = info.status === 'issued' ? info.downloadLabel : fallbackLabel;
  const noun = label.replace(/^Download /, '');
  return (
    <div className="space-y-2" aria-live="polite">
      <Button
        variant="secondary"
        onClick={() => void download()}
        disabled={isPreparing || state === 'downloading'}
        aria-busy={state === 'downloading'}
      >
        {state === 'downloading' && <Spinner />}
        {label}
      </Button>
      {isPreparing && (
        <p role="status" className="text-sm text-slate-600">
          Your {noun} is being prepared. It will be ready to download in a minute.
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          Could not download your {noun}. Please try again.
        </p>
      )}
    </div>
  );
}
