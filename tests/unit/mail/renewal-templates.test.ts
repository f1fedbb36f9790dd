// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { COMPANY } from '@/domain/company';
import { payLinkOf, renderMail, type MailTemplate } from '../../../server/mail/templates';

const facts = {
  customerName: 'Meera Iyer',
  service: 'Factory Management – Growth',
  renewsOn: '10 Nov 2027',
  lapsesOn: '10 Dec 2027',
  number: 'PI/2027-28/0042',
  amountPaise: 50_000_00,
  payLink: { uid: 'u1', type: 'invoice' as const, docId: 'inv1' },
  profileUrl: 'https://nimbus.example/profile?invoice=inv1',
};
const PAY_URL = 'https://nimbus.example/pay/token?x=1&y=2';

const reminder = (id: 'before-30' | 'before-7' | 'on-the-day' | 'after-7'): MailTemplate => ({
  template: 'renewal-reminder',
  data: { ...facts, reminder: id },
});
const lapsed = (audience: 'customer' | 'company'): MailTemplate => ({
  template: 'renewal-lapsed',
  data: { ...facts, audience, uid: 'u1', customerEmail: audience === 'company' ? 'meera@example.com' : null },
});
const stopped = (audience: 'customer' | 'company', by: 'customer' | 'staff' = 'customer'): MailTemplate => ({
  template: 'service-stopped',
  data: {
    audience,
    by,
    uid: 'u1',
    customerName: 'Meera Iyer',
    customerEmail: 'meera@example.com',
    service: 'Factory Management – Growth',
    endsOn: '10 Nov 2027',
    yearlyFeePaise: 50_000_00,
    cancelledInvoice: 'PI/2027-28/0042',
  },
});

describe('renewal mails', () => {
  it.each([
    ['a reminder', reminder('before-7')],
    ['the lapse (customer)', lapsed('customer')],
    ['the lapse (company)', lapsed('company')],
    ['a stop (customer)', stopped('customer')],
    ['a stop (company)', stopped('company')],
  ])('when %s is rendered, then both parts carry the company and no images', (_name, mail) => {
    const rendered = renderMail(mail, { payUrl: PAY_URL });
    expect(rendered.subject).not.toMatch(/[\r\n]/);
    for (const part of [rendered.html, rendered.text]) {
      expect(part).toContain(COMPANY.legalName);
      expect(part).toContain(COMPANY.address);
    }
    expect(rendered.html).not.toMatch(/<img|<script|url\(/i);
  });

  it('when a reminder goes 7 days before, on the day or after, then it says when, the amount, the pay link and what happens next', () => {
    const before = renderMail(reminder('before-7'), { payUrl: PAY_URL });
    const today = renderMail(reminder('on-the-day'), { payUrl: PAY_URL });
    const late = renderMail(reminder('after-7'), { payUrl: PAY_URL });

    expect(before.subject).toBe(
      'Reminder: your yearly maintenance for Factory Management – Growth renews on 10 Nov 2027 (₹50,000)',
    );
    expect(today.subject).toBe('Your yearly maintenance for Factory Management – Growth renews today: ₹50,000');
    expect(late.subject).toBe('Overdue: the renewal of Factory Management – Growth (₹50,000) was due on 10 Nov 2027');
    expect(before.text).toContain(`View and pay the renewal: ${PAY_URL}`);
    expect(before.html).toContain('href="https://nimbus.example/pay/token?x=1&amp;y=2"');
    expect(before.text).toContain('Proforma invoice: PI/2027-28/0042');
    expect(late.text).toContain('If it is still unpaid on 10 Dec 2027, the service lapses');
    expect(late.text).toContain('Choose "Stop renewing" under My Services in your account');
  });

  it('when a renewal lapses, then the customer learns what stopped and how to restart it, and the company whom to call', () => {
    const customer = renderMail(lapsed('customer'), { payUrl: PAY_URL });
    const company = renderMail(lapsed('company'));

    expect(customer.subject).toBe('Your yearly maintenance for Factory Management – Growth has lapsed');
    expect(customer.text).toContain('we have stopped maintenance, updates and support');
    expect(customer.text).toContain(`Pay and restart the service: ${PAY_URL}`);
    expect(company.subject).toBe('Renewal lapsed: Factory Management – Growth for Meera Iyer');
    expect(company.text).toContain('Meera Iyer (meera@example.com)');
    expect(company.text).toContain('cancel the service in the staff console');
    expect(company.text).not.toContain('/pay/');
  });

  it('when a service is stopped, then the customer is told the day it ends and the cancelled invoice; the company is asked to plan the hand-over', () => {
    const customer = renderMail(stopped('customer'));
    const byStaff = renderMail(stopped('customer', 'staff'));
    const company = renderMail(stopped('company'));

    expect(customer.subject).toBe('Factory Management – Growth will not renew: it ends on 10 Nov 2027');
    expect(customer.text).toContain('As you asked, we have stopped renewing');
    expect(customer.text).toContain('the service continues until 10 Nov 2027 and then ends');
    expect(customer.text).toContain('The renewal invoice PI/2027-28/0042 is cancelled');
    expect(byStaff.text).toContain('We have stopped renewing');
    expect(company.subject).toBe('Stopped renewing: Factory Management – Growth for Meera Iyer');
    expect(company.text).toContain('chose "Stop renewing"');
  });

  it('when a renewal invoice is issued, then its mail names the renewal and says what follows', () => {
    const mail = renderMail(
      {
        template: 'invoice-issued',
        data: {
          customerName: 'Meera Iyer',
          number: 'PI/2027-28/0042',
          description: 'Yearly maintenance renewal: Factory Management – Growth',
          dueDate: '10 Nov 2027',
          amountPaise: 50_000_00,
          lines: [{ description: 'Yearly maintenance', amountPaise: 50_000_00 }],
          payLink: facts.payLink,
          profileUrl: facts.profileUrl,
          renewal: {
            service: facts.service,
            renewsOn: '10 Nov 2027',
            lapsesOn: '10 Dec 2027',
            profileUrl: facts.profileUrl,
          },
        },
      },
      { payUrl: PAY_URL, attachments: [] },
    );

    expect(mail.subject).toBe(
      'Renewal of Factory Management – Growth: proforma invoice PI/2027-28/0042, ₹50,000, due by 10 Nov 2027',
    );
    expect(mail.text).toContain('renewing on 10 Nov 2027');
    expect(mail.text).toContain('We remind you 7 days before, on the day and 7 days after');
    expect(mail.text).toContain('if it is still unpaid on 10 Dec 2027, the service lapses');
    expect(mail.text).toContain(`View and pay the invoice: ${PAY_URL}`);
  });

  it("when the outbox sends a mail, then reminders and the customer's lapse carry the invoice's pay link, and company mails none", () => {
    expect(payLinkOf(reminder('before-7'))).toEqual(facts.payLink);
    expect(payLinkOf(lapsed('customer'))).toEqual(facts.payLink);
    expect(payLinkOf(lapsed('company'))).toBeUndefined();
    expect(payLinkOf(stopped('customer'))).toBeUndefined();
  });
});
