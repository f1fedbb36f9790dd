import { describe, expect, it } from 'vitest';
import type { MailTemplateName } from '../../../server/mail/templates';
import { MAIL_TEMPLATE_LABELS, mailTemplateLabel, mismatchReasonLabel } from '@/domain/console-status';
import { formatDay } from '@/domain/dates';
import { TDS_SECTION_NAMES, TDS_SECTIONS_1961, tdsCitationOf } from '@/domain/tds';

// Every template the server sends: the type makes this list complete (a new template fails typecheck here).
const TEMPLATES: Record<MailTemplateName, true> = {
  'account-deleted': true,
  booking: true,
  'company-invitation': true,
  'enquiry-ack': true,
  'enquiry-company': true,
  'invoice-cancelled': true,
  'invoice-issued': true,
  news: true,
  'payment-receipt': true,
  'quote-response': true,
  'quote-sent': true,
  'refund-issued': true,
  'renewal-lapsed': true,
  'renewal-reminder': true,
  support: true,
  project: true,
  'service-stopped': true,
  statement: true,
  'tds-certificate-reminder': true,
  'tds-certificate-rejected': true,
};

describe('words a person reads instead of ids', () => {
  it('when the console names any mail the server sends, then it has its own words, not its template id', () => {
    for (const template of Object.keys(TEMPLATES)) {
      expect(MAIL_TEMPLATE_LABELS[template], template).toBeTruthy();
      expect(mailTemplateLabel(template)).not.toBe(template);
    }
    expect(mailTemplateLabel('service-stopped')).toBe('Service stopped');
  });

  it('when a mail kind or a mismatch reason has no words yet, then it reads as words all the same', () => {
    expect(mailTemplateLabel('some-new-kind')).toBe('Some new kind');
    expect(mismatchReasonLabel('brand-new-reason')).toBe('Brand new reason');
  });

  it('when a payment did not settle its document, then staff read why in a sentence (every reason mark-paid writes)', () => {
    expect(mismatchReasonLabel('amount')).toBe('The amount paid differs from the amount due.');
    for (const reason of ['cancelled', 'not-pending', 'gateway-order-replaced', 'amount']) {
      expect(mismatchReasonLabel(reason)).toMatch(/^[A-Z].+\.$/);
    }
  });

  it('when a calendar day is shown, then it reads 27 Dec 2026; text that is no such day is kept', () => {
    expect(formatDay('2026-12-27')).toBe('27 Dec 2026');
    expect(formatDay('2027-01-05')).toBe('5 Jan 2027');
    expect(formatDay('27 Dec 2026')).toBe('27 Dec 2026');
    expect(formatDay('')).toBe('');
    expect(formatDay('2026-13-01')).toBe('2026-13-01');
  });

  it('when staff pick a TDS section, then each is named with what it is for', () => {
    expect(tdsCitationOf('194J')?.label).toBe('194J – fees for professional or technical services');
    for (const section of TDS_SECTIONS_1961) expect(TDS_SECTION_NAMES[section]).toBeTruthy();
  });
});
