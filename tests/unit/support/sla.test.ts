import { describe, expect, it } from 'vitest';
import { businessCalendar } from '@/domain/business-hours';
import { rupeesToPaise } from '@/domain/money';
import {
  computeSla,
  slaWarningsAt,
  SUPPORT_STATUS,
  SUPPORT_TIERS,
  supportReference,
  supportTierFor,
  type SupportEvent,
} from '@/domain/support';

const ist = (wall: string) => new Date(`${wall.replace(' ', 'T')}:00+05:30`).getTime();
const cal = businessCalendar();
const at = (type: SupportEvent['type'], wall: string): SupportEvent => ({ type, at: ist(wall) });

describe('support tiers from the yearly fee', () => {
  it.each([
    [null, null],
    [0, null],
    [2_000, 'Standard'],
    [24_999, 'Standard'],
    [25_000, 'Priority'],
    [50_000, 'Priority'],
    [50_001, 'Premium'],
    [1_00_000, 'Premium'],
  ])('₹%s a year -> %s', (rupees, tier) => {
    expect(supportTierFor(rupees === null ? null : rupeesToPaise(rupees))?.name ?? null).toBe(tier);
  });

  it('numbers requests SR-000123', () => {
    expect(supportReference(123)).toBe('SR-000123');
    expect(supportReference(1_234_567)).toBe('SR-1234567');
  });
});

describe('SLA clocks from the event log', () => {
  const priority = SUPPORT_TIERS.priority; // 4 business hours / 3 business days

  it.each([
    {
      name: 'new request on Friday 17:00: reply due Monday 12:00, resolution Wednesday 17:00',
      events: [at('created', '2026-11-27 17:00')],
      status: SUPPORT_STATUS.new,
      firstReplyDue: '2026-11-30 12:00',
      resolutionDue: '2026-12-02 17:00',
      nextDue: '2026-11-30 12:00',
    },
    {
      name: 'replied: only the resolution is due',
      events: [at('created', '2026-11-27 17:00'), at('replied', '2026-11-30 10:00')],
      status: SUPPORT_STATUS.open,
      firstReplyDue: '2026-11-30 12:00',
      resolutionDue: '2026-12-02 17:00',
      nextDue: '2026-12-02 17:00',
    },
    {
      name: 'waiting on the customer pauses the resolution clock',
      events: [at('created', '2026-11-27 17:00'), at('waiting', '2026-11-30 10:00')],
      status: SUPPORT_STATUS.waiting,
      firstReplyDue: '2026-11-30 12:00',
      resolutionDue: null,
      nextDue: null,
    },
    {
      // Used before the pause: Fri 17:00-18:30 (90) + Mon 09:30-10:00 (30) = 120 of 1620 minutes.
      // Resumed Wed 2 Dec 14:00: 1500 left = 4.5 h Wed + 9 h Thu + 9 h Fri + 2.5 h Mon 7 Dec -> 12:00.
      name: 'the customer replies two days later: the clock resumes where it stopped',
      events: [
        at('created', '2026-11-27 17:00'),
        at('waiting', '2026-11-30 10:00'),
        at('customer-replied', '2026-12-02 14:00'),
      ],
      status: SUPPORT_STATUS.open,
      firstReplyDue: '2026-11-30 12:00',
      resolutionDue: '2026-12-07 12:00',
      nextDue: '2026-12-07 12:00',
    },
    {
      name: 'resolved: nothing is due',
      events: [
        at('created', '2026-11-27 17:00'),
        at('replied', '2026-11-30 10:00'),
        at('resolved', '2026-11-30 16:00'),
      ],
      status: SUPPORT_STATUS.resolved,
      firstReplyDue: '2026-11-30 12:00',
      resolutionDue: null,
      nextDue: null,
    },
    {
      // Used 90 + 390 = 480 minutes before it was resolved; reopened Tue 1 Dec 10:00: 1140 left = 8.5 h Tue + 9 h Wed + 1.5 h Thu.
      name: 'reopened: the resolution clock continues from what was used',
      events: [
        at('created', '2026-11-27 17:00'),
        at('replied', '2026-11-30 10:00'),
        at('resolved', '2026-11-30 16:00'),
        at('reopened', '2026-12-01 10:00'),
      ],
      status: SUPPORT_STATUS.open,
      firstReplyDue: '2026-11-30 12:00',
      resolutionDue: '2026-12-03 11:00',
      nextDue: '2026-12-03 11:00',
    },
  ])('$name', ({ events, status, firstReplyDue, resolutionDue, nextDue }) => {
    const state = computeSla(events, priority, cal);
    const when = (wall: string | null) => (wall === null ? null : ist(wall));
    expect(state.status).toBe(status);
    expect(state.firstReplyDueAt).toBe(when(firstReplyDue));
    expect(state.resolutionDueAt).toBe(when(resolutionDue));
    expect(state.nextDueAt).toBe(when(nextDue));
  });

  it('recomputing from the same log, in any stored order, gives the same due times', () => {
    const events = [
      at('created', '2026-12-24 17:30'),
      at('replied', '2026-12-28 09:45'),
      at('waiting', '2026-12-28 11:00'),
      at('customer-replied', '2026-12-31 15:00'),
    ];
    const first = computeSla(events, SUPPORT_TIERS.standard, cal);
    const again = computeSla([...events].reverse(), SUPPORT_TIERS.standard, cal);
    expect(again).toEqual(first);
    expect(computeSla(events, SUPPORT_TIERS.standard, cal)).toEqual(first);
  });

  it('an out-of-plan request has no due times', () => {
    const state = computeSla([at('created', '2026-11-27 17:00')], null, cal);
    expect(state).toMatchObject({ firstReplyDueAt: null, resolutionDueAt: null, nextDueAt: null });
  });

  it('warns at 80 % of a target and at its breach', () => {
    const events = [at('created', '2026-11-25 10:00')]; // Priority: reply due 14:00
    const state = computeSla(events, priority, cal);
    const created = ist('2026-11-25 10:00');
    expect(slaWarningsAt(state, created, priority, ist('2026-11-25 13:00'), cal)).toEqual([]);
    expect(slaWarningsAt(state, created, priority, ist('2026-11-25 13:12'), cal)).toEqual(['first-reply-80']);
    expect(slaWarningsAt(state, created, priority, ist('2026-11-25 14:00'), cal)).toEqual([
      'first-reply-80',
      'first-reply-breach',
    ]);
  });

  it('first reply and resolution met or missed', () => {
    const met = computeSla(
      [at('created', '2026-11-25 10:00'), at('replied', '2026-11-25 11:00'), at('resolved', '2026-11-25 15:00')],
      priority,
      cal,
    );
    expect(met).toMatchObject({ firstReplyMet: true, resolutionMet: true });
    const missed = computeSla(
      [at('created', '2026-11-25 10:00'), at('replied', '2026-11-25 15:00'), at('resolved', '2026-12-02 15:00')],
      priority,
      cal,
    );
    expect(missed).toMatchObject({ firstReplyMet: false, resolutionMet: false });
  });
});
