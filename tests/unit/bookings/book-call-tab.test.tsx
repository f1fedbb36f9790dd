import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES } from '@/domain/bookings';
import { ApiError } from '@/lib/api-client';
import { bookCall, loadSlots } from '@/features/bookings/api';
import { ContactSection } from '@/app/routes/contact-section';

vi.mock('@/features/bookings/api', () => ({ loadSlots: vi.fn(), bookCall: vi.fn() }));
const slots = vi.mocked(loadSlots);
const book = vi.mocked(bookCall);

// Tuesday 1 Dec 2026, 10:00 and 10:45 IST.
const TEN = '2026-12-01T04:30:00.000Z';
const TEN_45 = '2026-12-01T05:15:00.000Z';
const list = (times: string[]) => ({
  meetingMinutes: 30,
  placeKind: 'video' as const,
  minNoticeHours: 4,
  windowDays: 21,
  slots: times,
});

afterEach(() => {
  slots.mockReset();
  book.mockReset();
  history.replaceState(null, '', '/');
});

async function openFromLink() {
  render(<ContactSection isSignedIn={false} userId={null} onLogin={vi.fn()} invoicePanel={<p>Invoices</p>} />);
  // The hero's plain link: the hash changes, the section opens its tab (whose code loads now).
  act(() => {
    window.location.hash = '#book-a-call';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
  });
  expect(await screen.findByRole('tab', { name: 'Book a call', selected: true })).toBeInTheDocument();
  return screen.findByRole('form', { name: 'Book a call' }, { timeout: 10_000 });
}

/** Fills Ravi's details and what he wants to talk about in the open form, then books the chosen time. */
async function bookAsRavi(form: HTMLElement) {
  await userEvent.type(within(form).getByRole('textbox', { name: 'Name' }), 'Ravi Kumar');
  await userEvent.type(within(form).getByRole('textbox', { name: 'Email' }), 'ravi@example.com');
  await userEvent.type(within(form).getByRole('textbox', { name: 'Phone' }), '9876543210');
  await userEvent.type(within(form).getByRole('textbox', { name: /What would you like/ }), 'A loom dashboard');
  await userEvent.click(within(form).getByRole('button', { name: 'Book the call' }));
}

describe('the Book a call tab', () => {
  it('when a visitor opens it from a #book-a-call link, then it shows the free times with IST beside them, and the hash is dropped', async () => {
    slots.mockResolvedValue(list([TEN, TEN_45]));
    const form = await openFromLink();
    expect(window.location.hash).toBe('');
    const time = await within(form).findByRole('button', { name: /10:45 am IST/ });
    await userEvent.click(time);
    expect(time).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('chosen-time')).toHaveTextContent('Tue 1 Dec 2026');
  });

  it('when the time was just taken, then the message shows, fresh times load and what was typed stays', async () => {
    slots.mockResolvedValueOnce(list([TEN, TEN_45])).mockResolvedValueOnce(list([TEN_45]));
    book.mockRejectedValueOnce(new ApiError(409, BOOKING_MESSAGES.taken));
    const form = await openFromLink();
    await userEvent.click(await within(form).findByRole('button', { name: /10:00 am IST/ }));
    await bookAsRavi(form);

    expect(await screen.findByText(BOOKING_MESSAGES.taken)).toBeInTheDocument();
    expect(book).toHaveBeenCalledWith(expect.objectContaining({ startAt: TEN, name: 'Ravi Kumar' }));
    await vi.waitFor(() => expect(within(form).queryByRole('button', { name: /10:00 am IST/ })).toBeNull());
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Ravi Kumar');
    expect(slots).toHaveBeenCalledTimes(2);
  });

  it('when no time is picked, then it says so and sends nothing', async () => {
    slots.mockResolvedValue(list([TEN]));
    const form = await openFromLink();
    await within(form).findByRole('button', { name: /10:00 am IST/ });
    await userEvent.click(within(form).getByRole('button', { name: 'Book the call' }));
    expect(await screen.findByText('Pick a time.')).toBeInTheDocument();
    expect(book).not.toHaveBeenCalled();
  });

  it('when the form is sent empty, then the focus goes to the first field in error: the time, then (a time picked) Name', async () => {
    slots.mockResolvedValue(list([TEN, TEN_45]));
    const form = await openFromLink();
    const first = await within(form).findByRole('button', { name: /10:00 am IST/ });
    await userEvent.click(within(form).getByRole('button', { name: 'Book the call' }));
    await vi.waitFor(() => expect(first).toHaveFocus());
    expect(within(form).getByText('Pick a time.')).toBeInTheDocument();

    await userEvent.click(first);
    await userEvent.click(within(form).getByRole('button', { name: 'Book the call' }));
    await vi.waitFor(() => expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(book).not.toHaveBeenCalled();
  });

  it('when the call is booked, then its confirmation stays with the time and the focus until "Book another call", which keeps who they are', async () => {
    slots.mockResolvedValue(list([TEN, TEN_45]));
    book.mockResolvedValue({ message: BOOKING_MESSAGES.booked, id: 'b1', startAt: TEN_45 });
    const form = await openFromLink();
    await userEvent.click(await within(form).findByRole('button', { name: /10:45 am IST/ }));
    await bookAsRavi(form);

    const confirmation = await screen.findByTestId('booking-confirmation');
    expect(screen.queryByRole('form', { name: 'Book a call' })).toBeNull();
    expect(within(confirmation).getByRole('heading', { name: 'Your call is booked' })).toHaveFocus();
    expect(confirmation).toHaveTextContent('Tue 1 Dec 2026');
    expect(confirmation).toHaveTextContent('ravi@example.com');

    await userEvent.click(within(confirmation).getByRole('button', { name: 'Book another call' }));
    const again = await screen.findByRole('form', { name: 'Book a call' });
    expect(within(again).getByRole('textbox', { name: 'Name' })).toHaveValue('Ravi Kumar');
    expect(within(again).getByRole('textbox', { name: /What would you like/ })).toHaveValue('');
    expect(screen.queryByTestId('chosen-time')).toBeNull();
  });
});
