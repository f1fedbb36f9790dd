import { describe, expect, it } from 'vitest';
import { bookingRequestSchema, blockTimeSchema, parseIsoInstant, rescheduleSchema } from '@/domain/bookings';

const problemOf = (text: string) => {
  const parsed = parseIsoInstant(text);
  return 'problem' in parsed ? parsed.problem : null;
};

describe('a requested time, read strictly', () => {
  it('when a date does not exist (30 Feb, 31 Apr, 29 Feb of a common year, month 13, day 0), then it is refused saying so, not rolled over', () => {
    expect(problemOf('2027-02-30T04:30:00.000Z')).toBe(
      'There is no 30 February 2027. Please pick one of the times shown.',
    );
    expect(problemOf('2027-04-31T04:30:00Z')).toBe('There is no 31 April 2027. Please pick one of the times shown.');
    expect(problemOf('2027-02-29T04:30:00Z')).toMatch(/^There is no 29 February 2027\./);
    expect(problemOf('2027-13-01T04:30:00Z')).toMatch(/^There is no month 13\./);
    expect(problemOf('2027-00-10T04:30:00Z')).toMatch(/^There is no month 0\./);
    expect(problemOf('2027-03-00T04:30:00Z')).toMatch(/^There is no 0 March 2027\./);
    expect(problemOf('2027-03-01T24:00:00Z')).toMatch(/^24:00 is not a time of day\./);
    expect(problemOf('2027-03-01T10:60Z')).toMatch(/^10:60 is not a time of day\./);
    expect(problemOf('2027-03-01T10:00:00+15:00')).toMatch(/is not a time zone offset/);
  });

  it('when a time has no offset or is not ISO at all, then it is refused (a zone-less time would be the server’s local time)', () => {
    for (const text of [
      '2027-03-01T10:00:00',
      '2027-03-01',
      'next Tuesday',
      '1 March 2027 10:00 GMT',
      '2027-3-1T10:00Z',
    ]) {
      expect(problemOf(text), text).toMatch(/^That is not a time we can read\./);
    }
  });

  it('when a real instant comes with Z or an offset, then it is that instant; 29 Feb of a leap year is real', () => {
    expect(parseIsoInstant('2027-03-29T04:30:00.000Z')).toEqual({ ms: Date.parse('2027-03-29T04:30:00.000Z') });
    expect(parseIsoInstant('2027-03-29T10:00+05:30')).toEqual({ ms: Date.parse('2027-03-29T04:30:00.000Z') });
    expect(parseIsoInstant('2028-02-29T23:59:59.5-01:00')).toEqual({ ms: Date.parse('2028-03-01T00:59:59.500Z') });
  });

  it('when the schemas read a time, then an impossible one is the 400 message and a real one comes out as UTC ISO', () => {
    const visitor = { name: 'Ana', email: 'ana@example.com', phone: '9876543210', topic: 'An app' };
    const refused = bookingRequestSchema.safeParse({ ...visitor, startAt: '2027-02-30T04:30:00.000Z' });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues[0]!.message).toBe('There is no 30 February 2027. Please pick one of the times shown.');
    expect(rescheduleSchema.parse({ startAt: '2027-03-29T10:00+05:30' })).toEqual({
      startAt: '2027-03-29T04:30:00.000Z',
    });
    expect(rescheduleSchema.safeParse({ startAt: '' }).error!.issues[0]!.message).toBe('Pick a time.');
    const block = blockTimeSchema.safeParse({
      staffId: 'team',
      startAt: '2027-04-31T10:00Z',
      endAt: '2027-05-01T10:00Z',
    });
    expect(block.error!.issues[0]!.message).toMatch(/^There is no 31 April 2027\./);
  });
});
