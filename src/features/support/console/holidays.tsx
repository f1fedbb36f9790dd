import { useEffect, useState } from 'react';
import { useBlocker } from 'react-router';
import { Button } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormMessage, TextField } from '@/components/form-field';
import { type Holiday } from '@/domain/business-hours';
import { formatDay } from '@/domain/dates';
import { getHolidays, saveHolidays } from '../api';
import { ConsolePage } from '@/components/console/console-parts';
import { useLoad } from '@/lib/use-load';

import { SubNav } from './support-nav';

/**
 * Unsaved changes are not lost without a word: leaving the page inside the console asks first (our
 * own dialog), and closing or reloading the tab gets the browser's own question.
 */
function useLeaveWarning(isDirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}

export function Holidays() {
  const [state, reload] = useLoad(getHolidays, 'holidays');
  const [draft, setDraft] = useState<Holiday[] | null>(null);
  const [adding, setAdding] = useState({ date: '', name: '' });
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const holidays = draft ?? (state.status === 'ready' ? state.data.holidays : []);
  const blocker = useLeaveWarning(draft !== null);
  async function save() {
    setIsSaving(true);
    try {
      await saveHolidays(holidays);
      setMessage({ tone: 'success', text: 'Holidays saved. Due times follow at the next support job pass.' });
      setDraft(null);
      reload();
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : 'Could not save the holidays.' });
    } finally {
      setIsSaving(false);
    }
  }
  return (
    <ConsolePage title="Business holidays" actions={<SubNav />}>
      <p className="text-slate-700">
        Business hours are Monday to Friday, 9:30 am to 6:30 pm IST. Support due times skip these days.
        {state.status === 'ready' &&
          state.data.isDefault &&
          ' (The default list of India’s national holidays; saving makes it yours.)'}
      </p>
      {state.status === 'error' && <FormMessage tone="error">{state.error}</FormMessage>}
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
        {holidays.map((holiday) => (
          <li key={holiday.date} className="flex items-center justify-between gap-3 p-2">
            <span className="min-w-0 wraps-anywhere">
              {formatDay(holiday.date)} · {holiday.name}
            </span>
            <Button
              variant="link"
              size="sm"
              aria-label={`Remove ${holiday.name} on ${formatDay(holiday.date)}`}
              onClick={() => setDraft(holidays.filter((entry) => entry.date !== holiday.date))}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Date"
          type="date"
          value={adding.date}
          onChange={(event) => setAdding({ ...adding, date: event.target.value })}
        />
        <TextField
          label="Name"
          value={adding.name}
          onChange={(event) => setAdding({ ...adding, name: event.target.value })}
        />
        <Button
          variant="secondary"
          onClick={() => {
            if (!adding.date || !adding.name.trim()) {
              setMessage({ tone: 'error', text: 'Give the holiday a date and a name.' });
              return;
            }
            setDraft(
              [
                ...holidays.filter((entry) => entry.date !== adding.date),
                { date: adding.date, name: adding.name.trim() },
              ].sort((a, b) => a.date.localeCompare(b.date)),
            );
            setAdding({ date: '', name: '' });
            setMessage(null);
          }}
        >
          Add
        </Button>
      </div>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
      {draft !== null && (
        <p className="text-sm font-semibold text-amber-900">Not saved yet: save the holidays to keep your changes.</p>
      )}
      <Button onClick={() => void save()} disabled={draft === null || isSaving}>
        {isSaving ? 'Saving...' : 'Save holidays'}
      </Button>
      <ConfirmDialog
        isOpen={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        cancelLabel="Stay on this page"
        closeLabel="Close"
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        <p>Your changes to the holidays are not saved. If you leave now, they are lost.</p>
      </ConfirmDialog>
    </ConsolePage>
  );
}
