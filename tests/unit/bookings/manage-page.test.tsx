import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_MESSAGES, BOOKING_STATUS } from '@/domain/bookings';
import { ApiError } from '@/lib/api-client';
import { loadBooking, loadRescheduleSlots, rescheduleBooking, type BookingView } from '@/features/bookings/api';
import { ManageBookingPage } from '@/features/bookings/manage-page';

vi.mock('@/features/bookings/api', () => ({
  loadBooking: vi.fn(),
  loadRescheduleSlots: vi.fn(),
  rescheduleBooking: vi.fn(),
  cancelBooking: vi.fn(),
}));
const booking = vi.mocked(loadBooking);
const slots = vi.mocked(loadRescheduleSlots);
const reschedule = vi.mocked(rescheduleBooking);

// Tuesday 1 Dec 2026, 10:00 IST; the call is at 3 pm IST the day before.
const TEN = '2026-12-01T04:30:00.000Z';
const view = (fields: Partial<BookingView> = {}): BookingView => ({
  name: 'Ravi Kumar',
  startAt: '2026-11-30T09:30:00.000Z',
  endAt: '2026-11-30T10:00:00.000Z',
  status: BOOKING_STATUS.booked,
  staffName: 'Asha',
  place: { kind: 'video', value: 'https://meet.example/x' },
  topic: 'A loom dashboard',
  canChange: true,
  reason: null,
  companyPhone: '+91 80 1234 5678',
  ...fields,
});

afterEach(() => {
  booking.mockReset();
  slots.mockReset();
  reschedule.mockReset();
});

describe('ManageBookingPage', () => {
  it('when a move answers 409 because the call can no longer be changed, then the page reads the booking again and shows it locked', async () => {
    booking
      .mockResolvedValueOnce(view())
      .mockResolvedValueOnce(view({ canChange: false, reason: BOOKING_MESSAGES.tooLate }));
    slots.mockResolvedValue({
      meetingMinutes: 30,
      placeKind: 'video',
      minNoticeHours: 4,
      windowDays: 21,
      slots: [TEN],
    });
    reschedule.mockRejectedValueOnce(new ApiError(409, BOOKING_MESSAGES.tooLate));
    render(<ManageBookingPage token="t1" />);

    await userEvent.click(await screen.findByRole('button', { name: 'Show free times' }));
    await userEvent.click(await screen.findByRole('button', { name: /10:00 am IST/ }));
    await userEvent.click(screen.getByRole('button', { name: /^Move to / }));

    expect(await screen.findByTestId('booking-locked')).toHaveTextContent(BOOKING_MESSAGES.tooLate);
    expect(screen.getByTestId('booking-message')).toHaveTextContent(BOOKING_MESSAGES.tooLate);
    expect(booking).toHaveBeenCalledTimes(2);
  });
});
