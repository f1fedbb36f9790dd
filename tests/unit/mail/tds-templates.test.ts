// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { greeting, renderMail, type MailTemplate } from '../../../server/mail/templates';

const line = {
  paidFor: 'Proforma PI/2026-27/0007 · Line monitoring',
  receivedOn: '2026-05-10',
  tdsPaise: 10_000_00,
  citation: 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027',
};
const URL = 'https://nimbus.example/statement#tds-certificates';

const reminder: MailTemplate = {
  template: 'tds-certificate-reminder',
  data: {
    customerName: 'Asha Verma',
    quarterLabel: 'Q1 2026-27 (Apr–Jun 2026)',
    dueOn: '2026-08-15',
    form: 'Form 131',
    certificates: [line, { ...line, tdsPaise: 18_000_00, receivedOn: '2026-06-20' }],
    uploadUrl: URL,
  },
};
const rejected: MailTemplate = {
  template: 'tds-certificate-rejected',
  data: {
    customerName: null,
    certificate: line,
    form: 'Form 131',
    reason: 'The TAN <b>does not</b> match\nForm 26AS.',
    uploadUrl: URL,
  },
};

describe('the TDS certificate mails', () => {
  it('when a quarter’s certificates are awaited, then the reminder names the quarter, the date due, each deduction and its law, and the upload page', () => {
    const mail = renderMail(reminder);

    expect(mail.subject).toBe('TDS certificate awaited: Q1 2026-27 (Apr–Jun 2026), ₹28,000');
    expect(mail.text).toContain('in Q1 2026-27 (Apr–Jun 2026), ₹28,000 in all');
    expect(mail.text).toContain('(Form 131) was due by 15 Aug 2026');
    expect(mail.text).toContain('payment code 1027');
    expect(mail.text).toContain('20 Jun 2026');
    expect(mail.text).toContain(`Upload the certificate: ${URL}`);
    expect(mail.html).toContain('Hello Asha Verma,');
  });

  it('when staff send one back, then the reason is shown as typed (escaped, its lines kept)', () => {
    const mail = renderMail(rejected);

    expect(mail.subject).toBe('TDS certificate not accepted: ₹10,000');
    expect(mail.html).toContain('The TAN &lt;b&gt;does not&lt;/b&gt; match<br>Form 26AS.');
    expect(mail.html).not.toContain('<b>does not</b>');
    expect(mail.text).toContain('Why: The TAN <b>does not</b> match\nForm 26AS.');
  });

  it('when a member other than the founder gets a copy, then it greets them by their own name', () => {
    const copy = greeting(reminder, 'Ravi Kumar');

    expect(renderMail(copy).html).toContain('Hello Ravi Kumar,');
  });
});
