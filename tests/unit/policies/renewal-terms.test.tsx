import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CANCELLATION_POLICY, REFUND_POLICY, TERMS } from '@/features/policies/content';
import type { PolicyDocument } from '@/features/policies/policy-page';
import { RENEWAL_DEFAULTS, REMINDERS, serviceStatusOn } from '@/domain/renewals';

/** A policy section's text, as the page renders it. */
function section(policy: PolicyDocument, id: string): string {
  const found = policy.sections.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no section ${id}`);
  return (render(<>{found.body}</>).container.textContent ?? '').replace(/\s+/g, ' ');
}

describe('the policies on renewals, as the code bills them', () => {
  it('when the Terms describe maintenance plans, then they give the notice, the reminders and the grace the schedule uses', () => {
    const terms = section(TERMS, 'maintenance-plans');

    expect(terms).toContain('renews every year on that date');
    expect(terms).toContain('a plan started on 29 February renews on 28 February in other years');
    expect(terms).toContain(
      `${RENEWAL_DEFAULTS.noticeDays} days before each renewal date we email you a proforma invoice`,
    );
    // With the notice as long as the first reminder, that reminder is the invoice's own mail.
    const afterNotice = REMINDERS.filter((reminder) => -reminder.offsetDays < RENEWAL_DEFAULTS.noticeDays);
    expect(afterNotice.map((reminder) => reminder.offsetDays)).toEqual([-7, 0, 7]);
    expect(terms).toContain('we remind you 7 days before the renewal date, on the day and 7 days after');
    expect(terms).toContain(`still unpaid ${RENEWAL_DEFAULTS.graceDays} days after the renewal date, the plan lapses`);
    expect(serviceStatusOn({ renewsOn: '2027-11-10', isCancelled: false }, '2027-12-10', RENEWAL_DEFAULTS)).toBe(
      'Lapsed',
    );
    expect(terms).toContain('We never debit your card or account automatically');
  });

  it('when the Cancellation and Refund policies describe stopping, then they match Stop renewing: any time, the invoice cancelled, service until the renewal date', () => {
    const cancelling = section(CANCELLATION_POLICY, 'cancelling-maintenance');
    const refunds = section(REFUND_POLICY, 'maintenance');

    expect(cancelling).toContain('‘Stop renewing’ under My Services on your profile page');
    expect(cancelling).toContain('at any time');
    expect(cancelling).toContain('a renewal invoice already sent to you is cancelled');
    expect(cancelling).toContain('continue until the end of the year already paid for (the renewal date)');
    expect(cancelling).not.toContain('15 days');
    expect(refunds).toContain('its renewal invoice is cancelled and you are not charged for the next year');
  });
});
