import { describe, expect, it } from 'vitest';
import {
  AWAITING_PAYMENT,
  MILESTONE_STATUS,
  projectCustomerName,
  projectSearchTokensOf,
  shownMilestoneStatus,
} from '@/domain/projects';
import { searchQueryOf } from '@/domain/search';

describe('a project’s customer name', () => {
  it('when a profile has a name, a legal name or only an email, then the project is named by the first of them it has', () => {
    expect(projectCustomerName({ name: ' Asha Verma ', legalName: 'Verma Textiles LLP', email: 'a@v.in' })).toBe(
      'Asha Verma',
    );
    expect(projectCustomerName({ name: '', legalName: 'Verma Textiles LLP', email: 'a@v.in' })).toBe(
      'Verma Textiles LLP',
    );
    expect(projectCustomerName({ name: '  ', legalName: '', email: 'a@v.in' })).toBe('a@v.in');
    expect(projectCustomerName({ name: 42, email: null })).toBe('');
    expect(projectCustomerName(undefined)).toBe('');
  });
});

describe('a project’s search words', () => {
  const tokens = projectSearchTokensOf({
    customerName: 'Asha Verma',
    title: 'Websites & E-commerce – Basic',
    source: { kind: 'cart', orderId: 'o1', orderNumber: 'ORD-1732712345678', planId: 'website-Basic' },
  });
  const finds = (text: string) => {
    const asked = searchQueryOf(text)!;
    return [asked.token, ...asked.others].every((word) => tokens.includes(word));
  };

  it('when staff type a word of the customer, the title or the order number, or the start of one, then it is found', () => {
    for (const text of ['asha', 'VERMA', 've', 'websites', 'commerce', 'ORD-1732712345678', '17327', 'asha basic']) {
      expect(finds(text), text).toBe(true);
    }
    expect(finds('rohan')).toBe(false);
  });

  it('when a nameless buyer is known by their email, then its parts find the project; a quote’s number does too', () => {
    const byEmail = projectSearchTokensOf({
      customerName: 'accounts@kaveri.example',
      title: 'Gym app',
      source: { kind: 'quote', quoteId: 'q1', number: 'QT/2026-27/0001', version: 1 },
    });
    expect(byEmail).toEqual(expect.arrayContaining(['accounts', 'kaveri', 'qt', '2026', '27', '0001']));
  });
});

describe('a milestone’s status as people read it', () => {
  it('when no work has started on a billed milestone, then its invoice speaks: awaiting payment, then paid', () => {
    expect(shownMilestoneStatus(MILESTONE_STATUS.notStarted, 'Pending')).toBe(AWAITING_PAYMENT);
    expect(shownMilestoneStatus(MILESTONE_STATUS.notStarted, 'Partially paid')).toBe(AWAITING_PAYMENT);
    expect(shownMilestoneStatus(MILESTONE_STATUS.notStarted, 'Paid')).toBe('Paid');
    expect(shownMilestoneStatus(MILESTONE_STATUS.notStarted, 'Cancelled')).toBe(MILESTONE_STATUS.notStarted);
    expect(shownMilestoneStatus(MILESTONE_STATUS.notStarted, null)).toBe(MILESTONE_STATUS.notStarted);
    expect(shownMilestoneStatus(MILESTONE_STATUS.signedOff, 'Pending')).toBe(MILESTONE_STATUS.signedOff);
  });
});
