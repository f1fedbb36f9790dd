import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '@/components/button';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormMessage, SelectField, TextField } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import {
  BOOKING_STATUS,
  IST_ZONE,
  blockedMessage,
  bookingStatusLabel,
  dateInZone,
  formatInZone,
  timeInZone,
} from '@/domain/bookings';
import { istDay, istDayStartMs, istMidnightMs, istTimeMs, weekdayOf } from '@/domain/ist';
import { ConsolePage, Panel } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { useAction } from '@/lib/use-action';
import { loadOnce, useSubscription } from '@/lib/use-subscription';
import { blockTime, loadBookingSettings, markNoShow, removeBlock } from '../api';
import { blocksAround, bookingsBetween, type BlockRecord, type BookingRecord } from '../data';
import { liveRows } from './api';

const DAY = 86_400_000;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;

/** Midnight IST of the Monday of the week holding `ms`. */
function weekStart(ms: number): number {
  const midnight = istMidnightMs(ms);
  const weekday = weekdayOf(istDay(ms));
  return midnight - ((weekday + 6) % 7) * DAY;
}

const istTime = (date: Date | null) => (date ? timeInZone(date.getTime(), IST_ZONE) : '—');

/**
 * Bookings (/admin/bookings): a week of calls per staff member (IST), each with its enquiry,
 * "Make a quote" and, once started, "Mark no-show"; blocked time, and a form to block more.
 */
export function BookingsWeekPage() {
  const to = useConsoleLink();
  // ?week=YYYY-MM-DD opens the week holding that IST day (a link from elsewhere, a test).
  const [params] = useSearchParams();
  const asked = params.get('week');
  const [start, setStart] = useState(() =>
    weekStart(asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? istDayStartMs(asked) + 12 * 3_600_000 : Date.now()),
  );
  const end = start + 7 * DAY;
  const bookings = useSubscription(`bookings:${start}`, liveRows(bookingsBetween(start, end)));
  const blocks = useSubscription(`booking-blocks:${start}`, liveRows(blocksAround(start, end)));
  const settings = useSubscription('booking-settings', loadOnce(loadBookingSettings));
  const staff = settings.data?.settings.staff ?? [];
  const days = Array.from({ length: 7 }, (_, index) => start + index * DAY);
  const staffIds = [
    ...new Set([...staff.map((member) => member.id), ...(bookings.data ?? []).map((booking) => booking.staffId)]),
  ];
  const staffName = (id: string) =>
    staff.find((member) => member.id === id)?.name ??
    bookings.data?.find((booking) => booking.staffId === id)?.staffName ??
    id;
  const weekBlocks = (blocks.data ?? []).filter((block) => (block.endAt?.getTime() ?? 0) > start);

  return (
    <ConsolePage
      title="Bookings"
      actions={
        <Link to={to('bookings', 'availability')} className={buttonClasses('secondary', 'sm')}>
          Availability
        </Link>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="secondary" onClick={() => setStart(start - 7 * DAY)}>
          Previous week
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setStart(weekStart(Date.now()))}>
          This week
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setStart(start + 7 * DAY)}>
          Next week
        </Button>
        <p className="text-sm font-semibold text-slate-800" data-testid="week-title">
          Week of {dateInZone(start, IST_ZONE)} (IST)
        </p>
      </div>
      {bookings.status === 'error' && (
        <FormMessage tone="error">Could not load the bookings: {bookings.error.message}</FormMessage>
      )}
      {staffIds.map((staffId) => (
        <Panel key={staffId} id={`week-${staffId}`} title={staffName(staffId)}>
          <ol className="grid grid-cols-1 gap-2 md:grid-cols-7" aria-label={`${staffName(staffId)}'s week`}>
            {days.map((dayMs) => {
              const day = istDay(dayMs);
              const calls = (bookings.data ?? []).filter(
                (booking) =>
                  booking.staffId === staffId && booking.startAt && istDay(booking.startAt.getTime()) === day,
              );
              const dayBlocks = weekBlocks.filter(
                (block) =>
                  block.staffId === staffId &&
                  (block.startAt?.getTime() ?? 0) < dayMs + DAY &&
                  (block.endAt?.getTime() ?? 0) > dayMs,
              );
              return (
                <li key={day} className="min-w-0 rounded-lg bg-slate-50 p-2">
                  <p className="text-xs font-semibold text-slate-700">
                    {dateInZone(dayMs + 12 * 3_600_000, IST_ZONE).replace(/ \d{4}$/, '')}
                  </p>
                  <ul className="mt-1 space-y-1.5">
                    {calls.map((booking) => (
                      <CallCard key={booking.id} booking={booking} />
                    ))}
                    {dayBlocks.map((block) => (
                      <BlockCard key={block.id} block={block} />
                    ))}
                    {calls.length + dayBlocks.length === 0 && <li className="text-xs text-slate-500">—</li>}
                  </ul>
                </li>
              );
            })}
          </ol>
        </Panel>
      ))}
      <BlockTimeForm staff={staff.map((member) => ({ id: member.id, name: member.name }))} />
    </ConsolePage>
  );
}

/**
 * A week card's one action behind a confirm dialog: `open` shows it; its confirm button (`label`,
 * `busyLabel` while it runs) runs `act`, then closes the dialog 'always', or 'on failure' only
 * (where success takes the card away).
 */
function useCardAction(
  act: () => Promise<unknown>,
  { label, busyLabel, closes }: { label: string; busyLabel: string; closes: 'always' | 'on failure' },
) {
  const [isConfirming, setIsConfirming] = useState(false);
  const { run, isBusy, error } = useAction(act);
  async function confirm() {
    const isDone = await run();
    if (closes === 'always' || !isDone) setIsConfirming(false);
  }
  return {
    isConfirming,
    isBusy,
    error,
    confirmLabel: isBusy ? busyLabel : label,
    confirm,
    open: () => setIsConfirming(true),
    keep: () => setIsConfirming(false),
  };
}

/** A card action's failure, and its dialog ("Keep it" backs out). */
function CardConfirm({
  action,
  title,
  closeLabel,
  children,
}: {
  action: ReturnType<typeof useCardAction>;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <>
      {action.error && <p className="mt-1 text-red-700">{action.error}</p>}
      <ConfirmDialog
        isOpen={action.isConfirming}
        title={title}
        closeLabel={closeLabel}
        cancelLabel="Keep it"
        confirmLabel={action.confirmLabel}
        isBusy={action.isBusy}
        onCancel={action.keep}
        onConfirm={() => void action.confirm()}
      >
        {children}
      </ConfirmDialog>
    </>
  );
}

function CallCard({ booking }: { booking: BookingRecord }) {
  const to = useConsoleLink();
  const noShow = useCardAction(() => markNoShow(booking.id), {
    label: 'Mark no-show',
    busyLabel: 'Marking...',
    closes: 'always',
  });
  const nowMs = Date.now();
  const startMs = booking.startAt?.getTime() ?? Infinity;
  const started = startMs <= nowMs;
  const status = bookingStatusLabel(booking.status, startMs, booking.endAt?.getTime() ?? Infinity, nowMs);

  return (
    <li className="rounded-md bg-white p-2 text-xs shadow-sm ring-1 ring-slate-200" data-testid="week-call">
      <p className="font-semibold text-slate-900">
        {istTime(booking.startAt)}–{istTime(booking.endAt)}
      </p>
      <p className="break-words text-slate-800">{booking.name}</p>
      {booking.company && <p className="break-words text-slate-600">{booking.company}</p>}
      <div className="mt-1">
        <StatusBadge status={status} />
      </div>
      <div className="mt-1 flex flex-col items-start gap-1">
        <Link className="text-brand-darker underline" to={to('enquiries', booking.enquiryId)}>
          Open enquiry
        </Link>
        <Link
          className="text-brand-darker underline"
          to={`${to('quotes', 'new')}?enquiry=${encodeURIComponent(booking.enquiryId)}`}
        >
          Make a quote
        </Link>
        {booking.status === BOOKING_STATUS.booked && started && (
          <button type="button" className="text-red-700 underline" onClick={noShow.open}>
            Mark no-show
          </button>
        )}
      </div>
      <CardConfirm action={noShow} title={`Mark ${booking.name} a no-show?`} closeLabel="Keep it as it is">
        <p>
          The call at {booking.startAt ? formatInZone(booking.startAt.getTime(), IST_ZONE) : '—'} and its enquiry will
          say No-show. This cannot be undone.
        </p>
      </CardConfirm>
    </li>
  );
}

function BlockCard({ block }: { block: BlockRecord }) {
  // Removed, the card goes with the block; failed, the dialog closes on the reason.
  const removal = useCardAction(() => removeBlock(block.id), {
    label: 'Remove block',
    busyLabel: 'Removing...',
    closes: 'on failure',
  });
  const when = `${
    block.startAt
      ? `${dateInZone(block.startAt.getTime(), IST_ZONE).replace(/ \d{4}$/, '')} ${istTime(block.startAt)}`
      : ''
  } – ${block.endAt ? istTime(block.endAt) : ''}`;

  return (
    <li className="rounded-md bg-slate-200 p-2 text-xs text-slate-800" data-testid="week-block">
      <p className="font-semibold">Blocked</p>
      <p>{when}</p>
      {block.reason && <p className="break-words">{block.reason}</p>}
      <button type="button" className="mt-1 underline" onClick={removal.open}>
        Remove
      </button>
      <CardConfirm action={removal} title="Remove this block?" closeLabel="Keep the block">
        <p>
          {when} (IST){block.reason ? `, ${block.reason}` : ''}: visitors can book calls in that time again.
        </p>
      </CardConfirm>
    </li>
  );
}

/** IST wall-clock date and time fields -> an instant. */
const istInstant = (date: string, time: string) => new Date(istTimeMs(date, time)).toISOString();

/** A wall-clock time of the form, in IST (the label says so). */
function IstTimeField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label={`${label} (IST)`}
      type="time"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function BlockTimeForm({ staff }: { staff: Array<{ id: string; name: string }> }) {
  const [staffId, setStaffId] = useState('');
  const [date, setDate] = useState('');
  const [from, setFrom] = useState('13:00');
  const [until, setUntil] = useState('14:00');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const chosen = staffId || staff[0]?.id || '';

  /** The block asked for, waiting for a yes because booked calls are inside it (the server's words). */
  const [overCalls, setOverCalls] = useState<{ block: Parameters<typeof blockTime>[0]; question: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function send(block: Parameters<typeof blockTime>[0]) {
    setIsBusy(true);
    try {
      const made = await blockTime(block);
      setOverCalls(null);
      setMessage({ tone: 'success', text: blockedMessage(made.callsInside) });
      setReason('');
    } catch (error) {
      // Booked calls are inside: say whose and when, and ask first.
      if (statusOf(error) === 409 && !block.overCalls) setOverCalls({ block, question: messageOf(error) });
      else {
        setOverCalls(null);
        setMessage({ tone: 'error', text: messageOf(error) });
      }
    } finally {
      setIsBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (!date) {
      setMessage({ tone: 'error', text: 'Choose the day to block.' });
      return;
    }
    await send({ staffId: chosen, startAt: istInstant(date, from), endAt: istInstant(date, until), reason });
  }

  return (
    <Panel id="block-time" title="Block time">
      <form
        aria-label="Block time"
        onSubmit={(event) => void submit(event)}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        <SelectField label="Staff member" value={chosen} onChange={(event) => setStaffId(event.target.value)}>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </SelectField>
        <TextField label="Day" type="date" required value={date} onChange={(event) => setDate(event.target.value)} />
        <IstTimeField label="From" value={from} onChange={setFrom} />
        <IstTimeField label="Until" value={until} onChange={setUntil} />
        <TextField
          label="Reason"
          isOptional
          value={reason}
          maxLength={200}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="sm:col-span-2 lg:col-span-5">
          <Button type="submit" size="sm" disabled={isBusy}>
            {isBusy && !overCalls ? 'Blocking...' : 'Block'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        isOpen={overCalls !== null}
        title="Block over a booked call?"
        closeLabel="Do not block"
        cancelLabel="Do not block"
        confirmLabel={isBusy ? 'Blocking...' : 'Block anyway'}
        isBusy={isBusy}
        onCancel={() => setOverCalls(null)}
        onConfirm={() => overCalls && void send({ ...overCalls.block, overCalls: true })}
      >
        <p data-testid="block-over-calls">{overCalls?.question}</p>
      </ConfirmDialog>
      {message && (
        <div className="mt-3">
          <FormMessage tone={message.tone}>{message.text}</FormMessage>
        </div>
      )}
    </Panel>
  );
}
