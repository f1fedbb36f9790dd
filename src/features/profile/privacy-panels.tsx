import { useEffect, useState } from 'react';
import { Button, type ButtonVariant } from '@/components/button';
import { ErrorMessage, FormMessage } from '@/components/form-field';
import { MARKETING_CONSENT_WORDING, SERVICE_MAIL_NOTE } from '@/domain/consent';
import { formatDateTime } from '@/domain/dates';
import { ApiError } from '@/lib/api-client';
import type { Profile } from '@/records/users';
import { saveDownload } from '@/lib/save-file';
import { downloadMyData, setMarketingConsent } from './api';
import { Panel } from '@/components/panel';

const DOWNLOAD_FAILED = 'Your data could not be downloaded. Please check your connection and try again.';

/** "Download my data": the API builds the ZIP on request; it can take a few seconds. */
export function DownloadMyDataButton({ variant = 'secondary' }: { variant?: ButtonVariant }) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setIsBusy(true);
    setError(null);
    try {
      saveDownload(await downloadMyData(), 'my-data.zip');
    } catch (caught) {
      console.warn('Data download failed:', caught);
      setError(caught instanceof ApiError ? caught.message : DOWNLOAD_FAILED);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <Button variant={variant} size="sm" onClick={() => void download()} disabled={isBusy}>
        {isBusy ? 'Preparing your data...' : 'Download my data'}
      </Button>
      {error && <FormMessage tone="error">{error}</FormMessage>}
    </div>
  );
}

/** The right to access: everything we hold, in one file. */
export function YourDataPanel() {
  return (
    <Panel titleId="your-data-title" title="Your data">
      <p className="mt-1 text-sm text-slate-700">
        Download everything we hold about you as one ZIP file: your profile, cart, orders, invoices, queries and
        enquiries, payments, the emails we sent you, the PDF of each tax invoice or receipt, the companies you are a
        member of and what you wrote in their records.
      </p>
      <div className="mt-4">
        <DownloadMyDataButton />
      </div>
    </Panel>
  );
}

export interface EmailPreferencesPanelProps {
  profile: Profile;
  /** After the API recorded a choice: the profile is read again. */
  onSaved: () => void;
}

/**
 * Consent to news and offers: an explicit opt-in, recorded by the API with its own time and these
 * words; service mails come whatever is chosen here.
 */
export function EmailPreferencesPanel({ profile, onSaved }: EmailPreferencesPanelProps) {
  const consent = profile.marketingConsent;
  const [pending, setPending] = useState<boolean | null>(null);
  // A saved choice stands until the profile's live copy shows it, a moment later: without this the
  // box flicked back to its old state in between.
  const [saved, setSaved] = useState<boolean | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = consent?.granted === true;
  useEffect(() => {
    if (saved === shown) setSaved(null);
  }, [saved, shown]);
  const isGranted = pending ?? saved ?? shown;

  async function choose(granted: boolean) {
    setPending(granted);
    setError(null);
    try {
      await setMarketingConsent(granted);
      setSaved(granted);
      onSaved();
    } catch (caught) {
      console.warn('Saving the email preference failed:', caught);
      setError(
        caught instanceof ApiError
          ? caught.message
          : 'Your choice was not saved. Please check your connection and try again.',
      );
    } finally {
      setPending(null);
    }
  }

  const recorded = !consent
    ? 'You have not asked for news and offers.'
    : consent.granted
      ? `You asked for news and offers on ${formatDateTime(consent.at)}.`
      : `You stopped news and offers on ${formatDateTime(consent.at)}.`;

  return (
    <Panel titleId="email-preferences-title" title="Email preferences">
      <p className="mt-1 text-sm text-slate-700">{SERVICE_MAIL_NOTE}</p>
      <label className="mt-4 flex items-start gap-3 text-slate-900">
        <input
          type="checkbox"
          className="mt-1 size-4 accent-brand-darker"
          checked={isGranted}
          disabled={pending !== null}
          onChange={(event) => void choose(event.target.checked)}
        />
        <span>{MARKETING_CONSENT_WORDING}</span>
      </label>
      <p className="mt-2 text-sm text-slate-600" data-testid="consent-status">
        {pending === null && saved === null ? recorded : 'Saving...'}
      </p>
      <ErrorMessage error={error} className="mt-2" />
    </Panel>
  );
}
