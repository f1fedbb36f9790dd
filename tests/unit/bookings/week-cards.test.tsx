import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_STATUS } from '@/domain/bookings';
import { markNoShow, removeBlock } from '@/features/bookings/api';
import { BookingsWeekPage } from '@/features/bookings/console/week';
import type { BlockRecord, BookingRecord } from '@/features/bookings/data';
import { ApiError } from '@/lib/api-client';
import { renderApp } from '../../helpers/render-app';

// The week's rows come from live queries: each query here is its collection's name, answered at once.
vi.mock('@/features/bookings/data', () => ({
  bookingsBetween: () => 'bookings',
  blocksAround: () => 'blocks',
}));
vi.mock('@/features/bookings/console/api', () => ({
  liveRows: (query: 'bookings' | 'blocks') => (onData: (rows: unknown[]) => void) => {
    onData(query === 'bookings' ? [CALL] : [BLOCK]);
    return () => {};
  },
}));
vi.mock('@/features/bookings/api', () => ({
  loadBookingSettings: vi.fn(async () => ({ settings: { staff: [{ id: 's1', name: 'Asha' }] }, saved: true })),
  markNoShow: vi.fn(),
  removeBlock: vi.fn(),
  blockTime: vi.fn(),
}));
const noShow = vi.mocked(markNoShow);
const remove = vi.mocked(removeBlock);

// The week of Monday 23 Nov 2026 (IST): a call on Tuesday, long started, and a block on Wednesday.
const WEEK = '/?week=2026-11-23';
const CALL: BookingRecord = {
  id: 'b1',
  enquiryId: 'e1',
  staffId: 's1',
  staffName: 'Asha',
  startAt: new Date('2026-11-24T04:30:00.000Z'),
  endAt: new Date('2026-11-24T05:00:00.000Z'),
  status: BOOKING_STATUS.booked,
  timeZone: 'Asia/Kolkata',
  sequence: 0,
  name: 'Ravi Kumar',
  email: 'ravi@example.com',
  phone: '',
  company: '',
  topic: 'A loom dashboard',
  plan: '',
} as BookingRecord;
const BLOCK: BlockRecord = {
  id: 'k1',
  staffId: 's1',
  startAt: new Date('2026-11-25T05:30:00.000Z'),
  endAt: new Date('2026-11-25T06:30:00.000Z'),
  reason: 'Dentist',
};

afterEach(() => {
  noShow.mockReset();
  remove.mockReset();
});

describe("the console's week cards", () => {
  it('when staff confirm a no-show, then that call is marked and the dialog closes', async () => {
    noShow.mockResolvedValue({});
    renderApp(<BookingsWeekPage />, { path: WEEK });

    const call = await screen.findByTestId('week-call');
    await userEvent.click(within(call).getByRole('button', { name: 'Mark no-show' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark Ravi Kumar a no-show?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark no-show' }));

    expect(noShow).toHaveBeenCalledWith('b1');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('when staff keep the call, then nothing is marked', async () => {
    renderApp(<BookingsWeekPage />, { path: WEEK });

    await userEvent.click(within(await screen.findByTestId('week-call')).getByRole('button', { name: 'Mark no-show' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Keep it' }));

    expect(noShow).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('when removing a block fails, then the dialog closes on the reason and the block stays', async () => {
    remove.mockRejectedValue(new ApiError(409, 'That block was already removed.'));
    renderApp(<BookingsWeekPage />, { path: WEEK });

    const block = await screen.findByTestId('week-block');
    await userEvent.click(within(block).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this block?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove block' }));

    expect(remove).toHaveBeenCalledWith('k1');
    expect(await within(block).findByText('That block was already removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('when a block is removed, then the dialog stays until the block leaves the week', async () => {
    remove.mockResolvedValue({});
    renderApp(<BookingsWeekPage />, { path: WEEK });

    await userEvent.click(within(await screen.findByTestId('week-block')).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove this block?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove block' }));

    expect(remove).toHaveBeenCalledWith('k1');
    // Still open, not closing: the block's live row going away takes the card and its dialog with it.
    expect(screen.getByRole('alertdialog', { name: 'Remove this block?' }).parentElement).toHaveAttribute(
      'data-state',
      'open',
    );
  });
});
