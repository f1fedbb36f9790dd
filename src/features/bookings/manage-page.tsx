import { useState } from 'react';
import { useRevealed } from '@/components/use-revealed';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { BOOKING_STATUS, bookingStatusLabel } from '@/domain/bookings';
import { ApiError } from '@/lib/api-client';
import { useLoad } from '@/lib/use-load';
import { cancelBooking, loadBooking, loadRescheduleSlots, rescheduleBooking, type SlotList } from './api';
import { SlotPicker, describeStart, visitorZone } from './slot-picker';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /booking/{token}: the visitor's call, opened by the link in its mails: move it to another free
 * time or cancel it, until 2 hours before the start (after that the page says why, with our number).
 */
export function ManageBookingPage({ token }: { token: string }) {
  const zone = visitorZone();
  const [loaded, reload] = useLoad(() => loadBooking(token), token);
  const booking = loaded.status === 'ready' ? loaded.data : null;
  const [slots, setSlots] = useState<SlotList | null>(null);
  const [startAt, setStartAt] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // The outcome of a move or a cancellation: the times above it just closed.
  const messageRef = useRevealed<HTMLDivElement>(message);

  async function act(work: () => Promise<{ message: string }>) {
    setIsBusy(true);
    setMessage(null);
    try {
      const { message: text } = await work();
      setMessage({ tone: 'success', text });
      setSlots(null);
      setStartAt(null);
      setConfirmCancel(false);
      reload();
    } catch (failure) {
      setMessage({ tone: 'error', text: messageOf(failure) });
      // A 409 says the page is out of date: the time was just taken, or the call can no longer be
      // changed. The booking and the free times shown are read again; the message stays.
      if (failure instanceof ApiError && failure.status === 409) {
        setStartAt(null);
        reload();
        if (slots) loadRescheduleSlots(token).then(setSlots, () => undefined);
      }
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900">Your call with us</h1>
      {loaded.status === 'error' ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-red-800 ring-1 ring-red-200">
          {loaded.error}
        </p>
      ) : !booking ? (
        <p className="mt-6 text-slate-700">Loading...</p>
      ) : (
        <div className="mt-6 space-y-6">
          <dl className="grid gap-x-6 gap-y-2 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-slate-700">When</dt>
            <dd className="text-slate-900" data-testid="booking-when">
              {describeStart(Date.parse(booking.startAt), zone)}
            </dd>
            <dt className="font-semibold text-slate-700">With</dt>
            <dd className="text-slate-900">{booking.staffName}</dd>
            <dt className="font-semibold text-slate-700">Where</dt>
            <dd className="break-words text-slate-900">
              {booking.place.kind === 'video' ? `Video call: ${booking.place.value}` : `Phone: ${booking.place.value}`}
            </dd>
            <dt className="font-semibold text-slate-700">Status</dt>
            <dd className="text-slate-900" data-testid="booking-status">
              {bookingStatusLabel(booking.status, Date.parse(booking.startAt), Date.parse(booking.endAt), Date.now())}
            </dd>
          </dl>
          {message && (
            <div
              ref={messageRef}
              tabIndex={-1}
              data-testid="booking-message"
              className="scroll-mt-24 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-darker"
            >
              <FormMessage tone={message.tone}>{message.text}</FormMessage>
            </div>
          )}
          {!booking.canChange ? (
            booking.status === BOOKING_STATUS.booked && (
              <p
                className="rounded-lg bg-amber-50 p-4 text-slate-900 ring-1 ring-amber-200"
                data-testid="booking-locked"
              >
                {booking.reason} To change it now, please call us on{' '}
                <a className="font-semibold underline" href={`tel:${booking.companyPhone.replace(/\s/g, '')}`}>
                  {booking.companyPhone}
                </a>
                .
              </p>
            )
          ) : (
            <>
              <section aria-labelledby="reschedule-title" className="space-y-4">
                <h2 id="reschedule-title" className="text-xl font-semibold text-slate-900">
                  Move it to another time
                </h2>
                {!slots ? (
                  <Button
                    variant="secondary"
                    onClick={() =>
                      loadRescheduleSlots(token).then(setSlots, (failure: unknown) =>
                        setMessage({ tone: 'error', text: messageOf(failure) }),
                      )
                    }
                  >
                    Show free times
                  </Button>
                ) : (
                  <>
                    <SlotPicker slots={slots.slots} zone={zone} value={startAt} onChange={setStartAt} />
                    <Button
                      disabled={!startAt || isBusy}
                      onClick={() => void act(() => rescheduleBooking(token, startAt!))}
                    >
                      {isBusy
                        ? 'Moving...'
                        : startAt
                          ? `Move to ${describeStart(Date.parse(startAt), zone)}`
                          : 'Pick a new time'}
                    </Button>
                  </>
                )}
              </section>
              <section aria-labelledby="cancel-title" className="space-y-3 border-t border-slate-200 pt-6">
                <h2 id="cancel-title" className="text-xl font-semibold text-slate-900">
                  Cancel the call
                </h2>
                {confirmCancel ? (
                  <div className="flex flex-wrap gap-3">
                    <Button variant="danger" disabled={isBusy} onClick={() => void act(() => cancelBooking(token))}>
                      {isBusy ? 'Cancelling...' : 'Yes, cancel the call'}
                    </Button>
                    <Button variant="ghost" onClick={() => setConfirmCancel(false)}>
                      Keep it
                    </Button>
                  </div>
                ) : (
                  <Button variant="dangerOutline" onClick={() => setConfirmCancel(true)}>
                    Cancel the call
                  </Button>
                )}
              </section>
            </>
          )}
        </div>
      )}
    </div>
  );
}
