import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useRevealed } from '@/components/use-revealed';
import { Button } from '@/components/button';
import { SelectField, TextAreaField, TextField } from '@/components/form-field';
import { CHANGE_CUTOFF_HOURS, bookingRequestSchema, isIndiaZone, type BookingRequestForm } from '@/domain/bookings';
import { PROJECT_TYPES } from '@/domain/quote-request';
import { bookCall, loadSlots, type SlotList } from './api';
import { SlotPicker, describeStart, visitorZone } from './slot-picker';

type Status = { type: 'success' | 'error'; text: string } | null;

const EMPTY = { name: '', email: '', phone: '', company: '', topic: '', plan: '', website: '' };
type Fields = typeof EMPTY;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/** The fields in the order the form shows them: the first with an error gets the focus. */
const FIELD_ORDER = ['startAt', 'name', 'email', 'phone', 'company', 'topic', 'plan'] as const;
type FieldName = (typeof FIELD_ORDER)[number];

/**
 * 'Book a call': the days with free times, then the times in the visitor's zone with IST beside
 * them (IST alone for a visitor in India), then who they are and what they want to talk about.
 * No account. A time taken meanwhile (409) shows fresh times and keeps everything typed. Once
 * booked, the confirmation stays (in view, with the focus) until the visitor asks to book
 * another call. Loaded only when its tab is opened.
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
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [isSending, setIsSending] = useState(false);
  const [booked, setBooked] = useState<{ startAt: string; email: string } | null>(null);
  /** Bumped by a refused submit: after that render, the first field in error takes the focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const refresh = useCallback(() => {
    setLoadError(null);
    loadSlots().then(setList, (error: unknown) => setLoadError(messageOf(error)));
  }, []);
  useEffect(refresh, [refresh]);

  useEffect(() => {
    if (focusRequest === 0) return;
    const form = formRef.current;
    const first = FIELD_ORDER.find((name) => errors[name]);
    if (!form || !first) return;
    // The time is chosen with buttons: the chosen day's first time (else the first day) takes it.
    const target =
      first === 'startAt'
        ? (form.querySelector<HTMLElement>('[data-start]') ?? form.querySelector<HTMLElement>('fieldset button'))
        : form.querySelector<HTMLElement>(`[name="${first}"]`);
    target?.focus();
  }, [focusRequest, errors]);

  const bind = (name: Exclude<keyof Fields, 'website'>) => ({
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
        const key = String(issue.path[0]) as FieldName;
        found[key] ??= issue.message;
      }
      setErrors(found);
      setFocusRequest((count) => count + 1);
      // No times on screen to show it beside: say it where the form's messages go.
      if (found.startAt && !list?.slots.length) onStatus({ type: 'error', text: found.startAt });
      return;
    }
    setErrors({});
    setIsSending(true);
    try {
      await bookCall(form);
      setBooked({ startAt: startAt!, email: parsed.data.email });
    } catch (error) {
      const text = messageOf(error);
      onStatus({ type: 'error', text });
      // Taken meanwhile (or the day filled up): fresh times, the rest kept.
      if (statusOf(error) === 409) {
        setStartAt(null);
        refresh();
      }
    } finally {
      setIsSending(false);
    }
  }

  /** "Book another call": the same person, a new time and topic. */
  function bookAnother() {
    setBooked(null);
    setStartAt(null);
    setFields((current) => ({
      ...EMPTY,
      name: current.name,
      email: current.email,
      phone: current.phone,
      company: current.company,
    }));
    refresh();
  }

  if (booked) {
    return (
      <BookedConfirmation
        when={describeStart(Date.parse(booked.startAt), zone)}
        email={booked.email}
        onBookAnother={bookAnother}
      />
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Book a call"
      onSubmit={(event) => void submit(event)}
      className="space-y-6"
    >
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
        <SlotPicker
          slots={list.slots}
          zone={zone}
          value={startAt}
          onChange={(chosen) => {
            setStartAt(chosen);
            setErrors((current) => ({ ...current, startAt: undefined }));
          }}
          error={errors.startAt}
        />
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

/**
 * The booked call, kept on screen until the visitor asks for another: brought into view with the
 * focus on its heading (on a phone the form above it is long), so it is read out at once.
 */
function BookedConfirmation({
  when,
  email,
  onBookAnother,
}: {
  when: string;
  email: string;
  onBookAnother: () => void;
}) {
  const headingRef = useRevealed<HTMLHeadingElement>(true);
  return (
    <section
      aria-labelledby="booked-title"
      data-testid="booking-confirmation"
      className="space-y-4 rounded-xl bg-emerald-50 p-5 text-slate-900 ring-1 ring-emerald-200"
    >
      <h3
        id="booked-title"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-darker"
      >
        Your call is booked
      </h3>
      <p className="text-base font-semibold" data-testid="booked-when">
        {when}
      </p>
      <p className="text-sm text-slate-700">
        We have emailed the invitation to <span className="break-all">{email}</span>. To move or cancel the call, use
        the link in that email, up to {CHANGE_CUTOFF_HOURS} hours before it starts.
      </p>
      <Button variant="secondary" onClick={onBookAnother}>
        Book another call
      </Button>
    </section>
  );
}
