import { describe, expect, it } from 'vitest';
import { bookingRequestSchema, formatInZone, zoneName } from '@/domain/bookings';
import { IST_ZONE, canonicalZone, isIndiaZone } from '@/domain/time-zones';
import { bothTimes, describeStart } from '@/features/bookings/slot-picker';

/** 1:00 pm IST on Tue 1 Dec 2026. */
const ONE_PM_IST = Date.parse('2026-12-01T13:00:00+05:30');
const form = {
  startAt: new Date(ONE_PM_IST).toISOString(),
  name: 'Priya',
  email: 'priya@example.com',
  phone: '9876543210',
  topic: 'A billing app',
};

describe('India is India, whatever its zone is called', () => {
  it('when Chrome reports Asia/Calcutta (ICU canonical) or any spelling of Asia/Kolkata, then it is India; Colombo and London are not', () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Calcutta', 'asia/calcutta', ' ASIA/KOLKATA ']) {
      expect(isIndiaZone(zone), zone).toBe(true);
      expect(canonicalZone(zone), zone).toBe(IST_ZONE);
    }
    for (const zone of ['Asia/Colombo', 'Asia/Kathmandu', 'Europe/London', '', undefined, null]) {
      expect(isIndiaZone(zone), String(zone)).toBe(false);
    }
    expect(canonicalZone('Europe/London')).toBe('Europe/London');
  });

  it('when a visitor in Asia/Calcutta sees a time, then it shows once, in IST, with no GMT+5:30', () => {
    expect(zoneName(ONE_PM_IST, 'Asia/Calcutta')).toBe('IST');
    expect(formatInZone(ONE_PM_IST, 'Asia/Calcutta')).toBe('Tue 1 Dec 2026, 1:00 pm IST');
    expect(bothTimes(ONE_PM_IST, 'Asia/Calcutta')).toBe('1:00 pm IST');
    expect(describeStart(ONE_PM_IST, 'Asia/Calcutta')).toBe('Tue 1 Dec 2026, 1:00 pm IST');
    // Abroad, both still show.
    expect(bothTimes(ONE_PM_IST, 'Europe/London')).toBe('7:30 am GMT · 1:00 pm IST');
  });

  it('when a booking says Asia/Calcutta, then it is kept as Asia/Kolkata (mails then show IST once); an unknown zone is IST', () => {
    expect(bookingRequestSchema.parse({ ...form, timeZone: 'Asia/Calcutta' }).timeZone).toBe('Asia/Kolkata');
    expect(bookingRequestSchema.parse({ ...form, timeZone: 'Europe/London' }).timeZone).toBe('Europe/London');
    expect(bookingRequestSchema.parse({ ...form, timeZone: 'Mars/Olympus' }).timeZone).toBe('Asia/Kolkata');
  });
});
