import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Spinner, type ButtonSize } from '@/components/button';
import { ApiError } from '@/lib/api-client';
import { saveDownload } from '@/lib/save-file';
import { downloadTaxDocument, loadTaxDocumentInfo, type TaxDocumentInfo } from './api';

/** While the document is being numbered, its readiness is checked again this often, this many times. */
const RECHECK_MS = 3000;
const RECHECKS = 40;

export interface DownloadDocumentProps {
  paymentId: string;
  /** The label until the API names the document ('Download invoice' or 'Download receipt'). */
  fallbackLabel: string;
  /** What the document is for ('Order #…'), added to the button's accessible name in a list. */
  itemLabel?: string;
  size?: ButtonSize;
  /**
   * Ask the API about the document as soon as this shows (the receipt page: one payment), or only
   * when the customer presses the button (a list: one request per paid row would cost a request and
   * a Firestore read each on every view).
   */
  lookUp?: 'at-once' | 'on-click';
}

/** Why a download failed, in words the customer can act on. */
function failureReason(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return 'It was not found in your account.';
  if (error instanceof ApiError && error.status === 401) return 'Please sign in again and retry.';
  return 'Please check your connection and try again.';
}

/**
 * The payment's tax document (issued by the API a moment after the payment): its download button,
 * a 'being prepared' state while it is numbered, nothing when the payment has none. Used by the
 * receipt page and by each paid order and invoice on the profile.
 */
export function DownloadDocument({
  paymentId,
  fallbackLabel,
  itemLabel,
  size,
  lookUp = 'at-once',
}: DownloadDocumentProps) {
  // undefined: still asking; null: this payment has no document; 'unknown': not asked, or the
  // look-up failed, so the button shows the configured label and a download says what went wrong.
  const [info, setInfo] = useState<TaxDocumentInfo | 'unknown' | null | undefined>(
    lookUp === 'at-once' ? undefined : 'unknown',
  );
  const [recheck, setRecheck] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  // Pressed while the document was still being numbered: it downloads once it is ready.
  const [isWaitingToDownload, setIsWaitingToDownload] = useState(false);

  useEffect(() => {
    if (lookUp === 'on-click' && recheck === 0) return;
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
          if (!stopped) setInfo('unknown');
        });
    };
    check();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [paymentId, recheck, lookUp]);

  const issued = info && info !== 'unknown' && info.status === 'issued' ? info : null;
  const downloadNow = useEffectEvent(() => {
    setIsWaitingToDownload(false);
    void download();
  });
  useEffect(() => {
    if (isWaitingToDownload && issued) downloadNow();
  }, [isWaitingToDownload, issued]);

  async function download() {
    setIsDownloading(true);
    setFailure(null);
    try {
      saveDownload(await downloadTaxDocument(paymentId), `${paymentId}.pdf`);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // Still being numbered: show that, check again until it is ready, then download it.
        setInfo({ status: 'pending' });
        setIsWaitingToDownload(true);
        setRecheck((count) => count + 1);
        return;
      }
      console.warn('Downloading the tax document failed.', error);
      setFailure(failureReason(error));
    } finally {
      setIsDownloading(false);
    }
  }

  if (!info) return null;
  const isPreparing = info !== 'unknown' && info.status === 'pending';
  const label = issued ? issued.downloadLabel : fallbackLabel;
  const noun = label.replace(/^Download /, '');
  return (
    <div className="space-y-2" aria-live="polite">
      <Button
        variant="secondary"
        size={size}
        className="whitespace-nowrap"
        onClick={() => void download()}
        disabled={isPreparing || isDownloading}
        aria-busy={isDownloading}
        aria-label={itemLabel ? `${label}: ${itemLabel}` : undefined}
      >
        {isDownloading && <Spinner />}
        {label}
      </Button>
      {isPreparing && (
        <p role="status" className="text-sm text-slate-600">
          Your {noun} is being prepared.{' '}
          {isWaitingToDownload
            ? 'It will download as soon as it is ready.'
            : 'It will be ready to download in a minute.'}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          Could not download your {noun}. {failure}
        </p>
      )}
    </div>
  );
}
