import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { SelectField, TextAreaField, TextField } from '@/components/form-field';
import { BOOKING_MESSAGES, bookingRequestSchema, isIndiaZone, type BookingRequestForm } from '@/domain/bookings';
import { PROJECT_TYPES } from '@/domain/quote-request';
import { bookCall, loadSlots, type SlotList } from './api';
import { SlotPicker, describeStart, visitorZone } from './slot-picker';

type Status = { type: 'success' | 'error'; text: string } | null;

const EMPTY = { name: '', email: '', phone: '', company: '', topic: '', plan: '', website: '' };
type Fields = typeof EMPTY;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * 'Book a call': the days with free times, then the times in the visitor's zone with IST beside
 * them, then who they are and what they want to talk about. No account. A time taken meanwhile
 * (409) shows fresh times and keeps everything typed. Loaded only when its tab is opened.
 */
export function BookCallTab({
  onStatus,
  defaultName = '',
  defaultEmail = '',
}: {
  onStatus: (status: Status) => void;
  /** A signed-in visitor's name and email, filled in. */
  defaultName?: string;
  defaultEmail?: string;
}) {
  const zone = visitorZone();
  const [list, setList] = useState<SlotList | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [startAt, setStartAt] = useState<string | null>(null);
  const [fields, setFields] = useState<Fields>(() => ({ ...EMPTY, name: defaultName, email: defaultEmail }));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | 'startAt', string>>>({});
  const [isSending, setIsSending] = useState(false);

  const refresh = useCallback(() => {
    setLoadError(null);
    loadSlots().then(setList, (error: unknown) => setLoadError(messageOf(error)));
  }, []);
  useEffect(refresh, [refresh]);

  const bind = (name: keyof Fields) => ({
    name,
    value: fields[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onStatus(null);
    const form: BookingRequestForm = { ...fields, startAt: startAt ?? '', timeZone: zone };
    const parsed = bookingRequestSchema.safeParse(form);
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0]) as keyof typeof errors;
        found[key] ??= issue.message;
      }
      setErrors(found);
      const first = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
      if (found.startAt) onStatus({ type: 'error', text: found.startAt });
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      await bookCall(form);
      onStatus({ type: 'success', text: `${BOOKING_MESSAGES.booked} ${describeStart(Date.parse(startAt!), zone)}.` });
      setFields({ ...EMPTY, name: defaultName, email: defaultEmail });
      setStartAt(null);
      refresh();
    } catch (error) {
      const text = messageOf(error);
      onStatus({ type: 'error', text });
      // Taken meanwhile: fresh times, the rest kept.
      if (text.startsWith('That time was just taken')) {
        setStartAt(null);
        refresh();
      }
    } finally {
      setIsSending(false);
    }
  }

  return (
    <form noValidate aria-label="Book a call" onSubmit={(event) => void submit(event)} className="space-y-6">
      <div>
        <h3 className="text-lg font-semibold text-slate-900">Book a free {list?.meetingMinutes ?? 30}-minute call</h3>
        <p className="mt-1 text-sm text-slate-600">
          {isIndiaZone(zone)
            ? 'Times are shown in India time (IST).'
            : `Times are shown in your time zone (${zone.replace(/_/g, ' ')}) with India time (IST) beside them.`}{' '}
          We send a calendar invitation by email.
        </p>
      </div>
      {loadError ? (
        <p role="alert" className="text-sm text-red-700">
          {loadError}{' '}
          <button type="button" className="underline" onClick={refresh}>
            Try again
          </button>
        </p>
      ) : !list ? (
        <div aria-hidden="true" className="h-48 animate-pulse rounded-lg bg-slate-50" />
      ) : (
        <SlotPicker slots={list.slots} zone={zone} value={startAt} onChange={setStartAt} />
      )}
      {startAt && (
        <p className="rounded-lg bg-brand-light px-3 py-2 text-sm text-slate-900" data-testid="chosen-time">
          Your call: <strong>{describeStart(Date.parse(startAt), zone)}</strong>
        </p>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Name" required autoComplete="name" {...bind('name')} />
        <TextField label="Email" required type="email" autoComplete="email" {...bind('email')} />
        <TextField label="Phone" required type="tel" autoComplete="tel" {...bind('phone')} />
        <TextField label="Company" isOptional autoComplete="organization" {...bind('company')} />
        <TextAreaField
          label="What would you like to talk about?"
          required
          fieldClassName="sm:col-span-2"
          rows={3}
          {...bind('topic')}
        />
        <SelectField label="Plan of interest" isOptional fieldClassName="sm:col-span-2" {...bind('plan')}>
          <option value="">Not sure yet</option>
          {PROJECT_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </SelectField>
      </div>
      <div aria-hidden="true" className="sr-only">
        <label>
          Website (leave empty)
          <input
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={fields.website}
            onChange={(event) => setFields((current) => ({ ...current, website: event.target.value }))}
          />
        </label>
      </div>
      <Button type="submit" size="lg" disabled={isSending} className="w-full sm:w-auto">
        {isSending ? 'Booking...' : 'Book the call'}
      </Button>
    </form>
  );
}
