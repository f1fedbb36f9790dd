import { describe, expect, it } from 'vitest';
import {
  anniversary,
  endsOnWhenStopped,
  firstRenewsOn,
  forecastMonthRange,
  formatDay,
  issueOn,
  lapsesOn,
  nextMonths,
  nextRenewsOn,
  RENEWAL_DEFAULTS,
  reminderDue,
  renewalKey,
  renewalLineDescription,
  renewsOnFrom,
  serviceIdFor,
  servicesForOrder,
  serviceStatusOn,
  serviceUpdateSchema,
  SERVICE_STATUS,
} from '@/domain/renewals';
import { istToday } from '@/domain/ist';

const settings = RENEWAL_DEFAULTS;
const RENEWS_ON = '2027-11-10';

describe('the renewal date', () => {
  it('when a service starts on a day, then it renews on the same day a year later, and every year after', () => {
    expect(firstRenewsOn('2026-11-10')).toBe('2027-11-10');
    expect(nextRenewsOn('2027-11-10', 10)).toBe('2028-11-10');
    expect(anniversary('2026-11-10', 3)).toBe('2029-11-10');
  });

  it('when a service starts on 29 Feb 2028, then it renews on 28 Feb in common years and on 29 Feb again in 2032', () => {
    const [service] = servicesForOrder('o1', [{ id: 'website-Basic' }], '2028-02-29');

    expect(service).toMatchObject({ startedOn: '2028-02-29', anchorDay: 29, renewsOn: '2029-02-28' });
    const chain = [service!.renewsOn];
    for (let year = 0; year < 3; year += 1) chain.push(nextRenewsOn(chain[chain.length - 1]!, service!.anchorDay));
    expect(chain).toEqual(['2029-02-28', '2030-02-28', '2031-02-28', '2032-02-29']);
  });

  it('when an order was paid before renewals were billed, then its service renews on its next anniversary from today', () => {
    expect(renewsOnFrom('2026-03-15', '2026-11-24')).toBe('2027-03-15');
    expect(renewsOnFrom('2024-11-10', '2026-11-24')).toBe('2027-11-10');
    expect(renewsOnFrom('2024-11-24', '2026-11-24')).toBe('2026-11-24');
    expect(renewsOnFrom('2024-02-29', '2027-03-01')).toBe('2028-02-29');
  });

  it('when a payment lands just before or just after midnight in India, then the service starts on that Indian day', () => {
    // 23:59:59 IST on 10 Nov is still 10 Nov; a second later it is 11 Nov (18:30 UTC).
    const justBefore = istToday(Date.parse('2026-11-10T18:29:59Z'));
    const justAfter = istToday(Date.parse('2026-11-10T18:30:00Z'));

    expect(servicesForOrder('o1', [{ id: 'website-Basic' }], justBefore)[0]!.renewsOn).toBe('2027-11-10');
    expect(servicesForOrder('o1', [{ id: 'website-Basic' }], justAfter)[0]!.renewsOn).toBe('2027-11-11');
  });
});

describe('the services an order starts', () => {
  it('when an order has two plans with a yearly fee and one without, then it starts two services with their fees', () => {
    const services = servicesForOrder(
      'orderA',
      [{ id: 'manufacturing-Growth' }, { id: 'automation-Basic' }, { id: 'gym-AI Full Suite' }],
      '2026-11-10',
    );

    expect(services).toEqual([
      {
        id: 'orderA_manufacturing-growth',
        planId: 'manufacturing-Growth',
        planName: 'Growth',
        category: 'Factory Management',
        categoryId: 'manufacturing',
        yearlyFeePaise: 50_000_00,
        startedOn: '2026-11-10',
        anchorDay: 10,
        renewsOn: '2027-11-10',
      },
      expect.objectContaining({ id: 'orderA_gym-ai-full-suite', planName: 'AI Full Suite', yearlyFeePaise: 75_000_00 }),
    ]);
  });

  it('when an item is not a plan, is malformed or repeats a plan, then it starts nothing more', () => {
    expect(
      servicesForOrder(
        'o',
        [null, 1, { id: 'ghost-Plan' }, { id: 'website-Basic' }, { id: 'website-Basic' }],
        '2026-01-01',
      ),
    ).toHaveLength(1);
    expect(serviceIdFor('o', 'website-Basic')).toBe('o_website-basic');
  });
});

describe('the status rules', () => {
  const status = (today: string, isCancelled = false) =>
    serviceStatusOn({ renewsOn: RENEWS_ON, isCancelled }, today, settings);

  it('when the renewal is more than 30 days away, then the service is Active', () => {
    expect(issueOn(RENEWS_ON, settings)).toBe('2027-10-11');
    expect(status('2027-01-01')).toBe(SERVICE_STATUS.active);
    expect(status('2027-10-10')).toBe(SERVICE_STATUS.active);
  });

  it('when the renewal is 30 days away or less, up to and including its day, then the renewal is due', () => {
    expect(status('2027-10-11')).toBe(SERVICE_STATUS.due);
    expect(status('2027-11-10')).toBe(SERVICE_STATUS.due);
  });

  it('when the renewal day has passed unpaid, then it is Overdue until the 30 days of grace are over, then Lapsed', () => {
    expect(lapsesOn(RENEWS_ON, settings)).toBe('2027-12-10');
    expect(status('2027-11-11')).toBe(SERVICE_STATUS.overdue);
    expect(status('2027-12-09')).toBe(SERVICE_STATUS.overdue);
    expect(status('2027-12-10')).toBe(SERVICE_STATUS.lapsed);
    expect(status('2029-01-01')).toBe(SERVICE_STATUS.lapsed);
  });

  it('when the service was stopped, then it is Cancelled whatever the dates', () => {
    expect(status('2027-01-01', true)).toBe(SERVICE_STATUS.cancelled);
    expect(status('2027-11-20', true)).toBe(SERVICE_STATUS.cancelled);
  });

  it('when the job runs just before and just after midnight in India, then the status changes at Indian midnight', () => {
    // 10 Nov 2027 23:59 IST is still the renewal day; 00:00 IST on 11 Nov is the first overdue day.
    expect(status(istToday(Date.parse('2027-11-10T18:29:00Z')))).toBe(SERVICE_STATUS.due);
    expect(status(istToday(Date.parse('2027-11-10T18:30:00Z')))).toBe(SERVICE_STATUS.overdue);
  });

  it('when the notice and grace are set otherwise, then the rules follow them', () => {
    const short = { noticeDays: 10, graceDays: 5 };
    expect(serviceStatusOn({ renewsOn: RENEWS_ON, isCancelled: false }, '2027-10-30', short)).toBe('Active');
    expect(serviceStatusOn({ renewsOn: RENEWS_ON, isCancelled: false }, '2027-10-31', short)).toBe('Renewal due');
    expect(serviceStatusOn({ renewsOn: RENEWS_ON, isCancelled: false }, '2027-11-15', short)).toBe('Lapsed');
  });
});

describe('the reminder schedule', () => {
  const open = (remindersSent: string[] = [], issuedOn = '2027-10-11') => ({
    renewsOn: RENEWS_ON,
    issuedOn,
    remindersSent,
  });
  const due = (today: string, renewal = open()) => reminderDue(renewal, today, settings)?.id ?? null;

  it('when the invoice went out 30 days before, then that mail is the 30-day notice; 7 days before, on the day and 7 days after each remind once', () => {
    expect(due('2027-10-11')).toBeNull();
    expect(due('2027-11-02')).toBeNull();
    expect(due('2027-11-03')).toBe('before-7');
    expect(due('2027-11-05', open(['before-7']))).toBeNull();
    expect(due('2027-11-10', open(['before-7']))).toBe('on-the-day');
    expect(due('2027-11-16', open(['before-7', 'on-the-day']))).toBeNull();
    expect(due('2027-11-17', open(['before-7', 'on-the-day']))).toBe('after-7');
    expect(due('2027-11-30', open(['before-7', 'on-the-day', 'after-7']))).toBeNull();
  });

  it('when the notice is longer than 30 days, then the 30-day reminder goes too', () => {
    const long = { noticeDays: 45, graceDays: 30 };
    expect(issueOn(RENEWS_ON, long)).toBe('2027-09-26');
    expect(reminderDue(open([], '2027-09-26'), '2027-10-11', long)?.id).toBe('before-30');
  });

  it('when the invoice was issued late, then reminders whose day was before it are skipped', () => {
    // Issued 20 days before: the 30-day reminder's day had passed; the 7-day one still goes.
    expect(due('2027-10-21', open([], '2027-10-21'))).toBeNull();
    expect(due('2027-11-03', open([], '2027-10-21'))).toBe('before-7');
    // Issued on the day itself: only the reminder 7 days after follows.
    expect(due('2027-11-10', open([], '2027-11-10'))).toBeNull();
    expect(due('2027-11-17', open([], '2027-11-10'))).toBe('after-7');
  });

  it('when the job missed days, then only the latest reminder that has come goes, not a burst of stale ones', () => {
    expect(due('2027-11-12')).toBe('on-the-day');
    expect(due('2027-11-12', open(['on-the-day']))).toBeNull();
  });

  it('when the renewal has lapsed, then no reminder goes (the lapse mail says what happens next)', () => {
    expect(due('2027-12-10')).toBeNull();
    expect(reminderDue(open(), '2027-11-17', { noticeDays: 30, graceDays: 5 })).toBeNull();
  });

  it('when the job runs just before and just after midnight in India, then the 7-day reminder is due from Indian midnight', () => {
    expect(due(istToday(Date.parse('2027-11-02T18:29:59Z')))).toBeNull();
    expect(due(istToday(Date.parse('2027-11-02T18:30:00Z')))).toBe('before-7');
  });
});

describe('renewal identities, stopping, the forecast and the API bodies', () => {
  it('when a renewal is replaced, then its key changes with the revision', () => {
    expect(renewalKey('2027-11-10', 0)).toBe('2027-11-10');
    expect(renewalKey('2027-11-10', 2)).toBe('2027-11-10-r2');
  });

  it('when a service is stopped before its renewal date, then it runs until that date; after it, it ends today', () => {
    expect(endsOnWhenStopped(RENEWS_ON, '2027-06-01')).toBe(RENEWS_ON);
    expect(endsOnWhenStopped(RENEWS_ON, RENEWS_ON)).toBe(RENEWS_ON);
    expect(endsOnWhenStopped(RENEWS_ON, '2027-11-20')).toBe('2027-11-20');
  });

  it('when the invoice line is written, then it names the plan and the year it pays for', () => {
    expect(formatDay('2027-11-10')).toBe('10 Nov 2027');
    expect(
      renewalLineDescription({ category: 'Factory Management', planName: 'Growth' }, '2027-11-10', '2028-11-10'),
    ).toBe('Yearly maintenance: Factory Management – Growth, 10 Nov 2027 to 09 Nov 2028');
  });

  it('when the forecast covers 12 months, then they start with this month and the first also takes overdue renewals', () => {
    const months = nextMonths('2026-11-24', 12);
    expect(months[0]).toBe('2026-11');
    expect(months[2]).toBe('2027-01');
    expect(months[11]).toBe('2027-10');
    expect(forecastMonthRange('2026-11', true)).toEqual({ from: null, to: '2026-12-01' });
    expect(forecastMonthRange('2026-12', false)).toEqual({ from: '2026-12-01', to: '2027-01-01' });
  });

  it('when staff send a change, then it needs a real date or a fee of at least ₹1', () => {
    expect(serviceUpdateSchema.safeParse({ renewsOn: '2027-02-29' }).success).toBe(false);
    expect(serviceUpdateSchema.safeParse({ renewsOn: '2028-02-29' }).success).toBe(true);
    expect(serviceUpdateSchema.safeParse({ yearlyFeePaise: 99 }).success).toBe(false);
    expect(serviceUpdateSchema.safeParse({}).error?.issues[0]?.message).toBe('Give a new renewal date or yearly fee.');
  });
});
