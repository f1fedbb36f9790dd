import { describe, expect, it } from 'vitest';
import { COMPANY } from '@/domain/company';
import { greeting, renderMail, type MailTemplate } from '../../../server/mail/templates';
import { html, oneLine } from '../../../server/mail/templates/layout';
import { escapeHtml } from '../../../src/domain/html';

const PAID_AT = '2026-11-23T01:44:30.000Z';

const samples: MailTemplate[] = [
  { template: 'enquiry-ack', data: { name: 'Asha Verma' } },
  {
    template: 'enquiry-company',
    data: {
      enquiryId: 'enq1',
      name: 'Asha Verma',
      businessName: 'Verma Textiles',
      contactNumber: '+91 98450 12345',
      email: 'asha@example.com',
      message: 'We need a dashboard.\nFor 8 looms.',
      submittedAt: PAID_AT,
      uid: null,
    },
  },
  {
    template: 'payment-receipt',
    data: {
      customerName: 'Asha Rao',
      amountPaise: 13_000_050,
      paymentId: 'pay_ABC123',
      paidFor: 'order',
      reference: 'ORD-1763862270000',
      items: [
        { name: 'Basic', category: 'Website', price: '₹20,000' },
        { name: 'Starter', category: 'Manufacturing', price: '₹1,10,000' },
      ],
      method: 'upi',
      paidAt: PAID_AT,
    },
  },
  {
    template: 'invoice-issued',
    data: {
      customerName: 'Asha Rao',
      number: 'PI/2026-27/0007',
      description: 'Website redesign',
      dueDate: '09 Dec 2026',
      amountPaise: 295_000,
      lines: [
        { description: 'Design work', amountPaise: 177_000 },
        { description: 'Hosting, one year', amountPaise: 118_000 },
      ],
      gst: { taxablePaise: 250_000, cgstPaise: 22_500, sgstPaise: 22_500, igstPaise: 0, ratePercent: 18 },
      payLink: { uid: 'u1', type: 'invoice', docId: 'inv1' },
      profileUrl: 'https://nimbus.example/profile?invoice=inv1',
    },
  },
  { template: 'account-deleted', data: { name: 'Asha Rao' } },
  {
    template: 'refund-issued',
    data: {
      customerName: 'Asha Rao',
      amountPaise: 600_050,
      paymentId: 'pay_ABC',
      refundId: 'req-1234567890',
      paidFor: 'Invoice INV-0001',
      refundedAt: '2026-04-01T10:00:00.000Z',
    },
  },
  {
    template: 'quote-sent',
    data: {
      customerName: 'Rohan Mehta',
      number: 'QT/2026-27/0001',
      version: 2,
      description: 'Production dashboard',
      totalPaise: 4_50_000_00,
      validUntil: '30 Jun 2026',
      milestones: [
        { label: 'Deposit', amountPaise: 1_35_000_00 },
        { label: 'Beta', amountPaise: 1_80_000_00 },
        { label: 'Go-live', amountPaise: 1_35_000_00 },
      ],
      quoteLink: { quoteId: 'q1' },
    },
  },
  {
    template: 'quote-response',
    data: {
      quoteId: 'q1',
      number: 'QT/2026-27/0001',
      version: 1,
      description: 'Production dashboard',
      customerName: 'Rohan Mehta',
      response: 'declined',
      name: null,
      comment: 'We chose another vendor.\nThanks.',
      at: '2026-04-01T10:00:00.000Z',
      ip: '203.0.113.9',
      totalPaise: 4_50_000_00,
      deposit: null,
      consoleUrl: 'https://nimbus.example/admin/quotes/q1',
    },
  },
  {
    template: 'company-invitation',
    data: {
      companyName: 'Verma Textiles Pvt Ltd',
      recipientName: 'Ravi Kumar',
      inviterName: 'Asha Verma',
      roleLabel: 'Technical (may approve)',
      roleDescription: 'Support requests and projects of the whole company, and its services.',
      email: 'ravi@vermatextiles.in',
      expiresAt: '2026-12-01T12:30:00.000Z',
      inviteLink: { companyId: 'c1', invitationId: 'i1', linkNo: 1 },
    },
  },
];

describe('mail templates', () => {
  it.each(samples.map((sample) => [sample.template, sample] as const))(
    'when %s is rendered, then it has a subject, an HTML and a text part with the company name and address and no images',
    (_name, sample) => {
      const mail = renderMail(sample);
      expect(mail.subject.length).toBeGreaterThan(10);
      expect(mail.subject).not.toMatch(/[\r\n]/);
      for (const part of [mail.html, mail.text]) {
        expect(part).toContain(COMPANY.name);
        expect(part).toContain(COMPANY.legalName);
        expect(part).toContain(COMPANY.address);
      }
      expect(mail.html).toMatch(/^<!DOCTYPE html>/);
      expect(mail.html).not.toMatch(/<img|<script|url\(|<link|@import/i);
      expect(mail.text).not.toMatch(/<[a-z]/i);
    },
  );

  it('when an enquiry reaches the company, then every field is in both parts and line breaks are kept', () => {
    const mail = renderMail(samples[1]!);
    expect(mail.subject).toBe('New enquiry from Asha Verma (Verma Textiles)');
    for (const value of [
      'Asha Verma',
      'Verma Textiles',
      '+91 98450 12345',
      'asha@example.com',
      'enq1',
      '23 Nov 2026, 7:14 am IST',
    ]) {
      expect(mail.text).toContain(value);
      expect(mail.html).toContain(value);
    }
    expect(mail.text).toContain('We need a dashboard.\nFor 8 looms.');
    expect(mail.html).toContain('We need a dashboard.<br>For 8 looms.');
    expect(mail.text).toContain('Visitor (not signed in)');
  });

  it('when a signed-in customer sends a query, then the company mail names their uid', () => {
    const sample = samples[1] as Extract<MailTemplate, { template: 'enquiry-company' }>;
    const mail = renderMail({ ...sample, data: { ...sample.data, uid: 'uid-42', businessName: '' } });
    expect(mail.subject).toBe('New enquiry from Asha Verma');
    expect(mail.text).toContain('Signed-in customer (uid uid-42)');
  });

  it('when the acknowledgement is rendered, then it greets the sender and does not echo any message text', () => {
    const mail = renderMail(samples[0]!);
    expect(mail.subject).toBe(`We have received your enquiry – ${COMPANY.name}`);
    expect(mail.text).toContain('Hello Asha Verma,');
    expect(mail.text).toContain('within one business day');
  });

  it('when a receipt is rendered, then it shows the amount with paise, the items, the payment id and the IST date', () => {
    const mail = renderMail(samples[2]!);
    expect(mail.subject).toBe('Payment receipt: ₹1,30,000.50 for order ORD-1763862270000');
    expect(mail.text).toContain('Amount paid: ₹1,30,000.50');
    expect(mail.text).toContain('Items:\nWebsite – Basic: ₹20,000\nManufacturing – Starter: ₹1,10,000');
    expect(mail.text).toContain('Payment ID: pay_ABC123');
    expect(mail.text).toContain('Date: 23 Nov 2026, 7:14 am IST');
    expect(mail.text).not.toContain('attached');
  });

  it('when a receipt goes with its tax document, then the text names the document and its number, and the attachment', () => {
    const mail = renderMail(samples[2]!, { attachments: ['NB-2026-27-0001.pdf'] });
    expect(mail.text).toContain('Your document for this payment is attached (NB-2026-27-0001.pdf).');
    const named = renderMail(samples[2]!, {
      attachments: ['Tax-Invoice-NB-2026-27-0001.pdf'],
      documents: ['Tax Invoice NB/2026-27/0001'],
    });
    expect(named.text).toContain('Your Tax Invoice NB/2026-27/0001 is attached (Tax-Invoice-NB-2026-27-0001.pdf).');
    expect(named.text).toContain('Document: Tax Invoice NB/2026-27/0001');
  });

  it('when a proforma is issued, then the mail has its lines, GST, amount, due date, an escaped pay link and the attachment', () => {
    const mail = renderMail(samples[3]!, {
      attachments: ['Proforma-Invoice-PI-2026-27-0007.pdf'],
      payUrl: 'https://nimbus.example/pay/abc?x=1&y=2',
    });
    expect(mail.subject).toBe(`Proforma invoice PI/2026-27/0007 from ${COMPANY.name}: ₹2,950, due by 09 Dec 2026`);
    expect(mail.text).toContain('For: Website redesign');
    expect(mail.text).toContain('Design work: ₹1,770');
    expect(mail.text).toContain('CGST @ 9%: ₹225');
    expect(mail.text).toContain('Amount due: ₹2,950');
    expect(mail.text).toContain('View and pay the invoice: https://nimbus.example/pay/abc?x=1&y=2');
    expect(mail.html).toContain('href="https://nimbus.example/pay/abc?x=1&amp;y=2"');
    expect(mail.text).toContain(
      'You can also find it under My Invoices in your account: https://nimbus.example/profile\n',
    );
    expect(mail.text).not.toContain('?invoice=');
    expect(mail.text).toContain('The tax invoice follows once it is paid.');
    expect(mail.text).toContain('The proforma invoice is attached (Proforma-Invoice-PI-2026-27-0007.pdf).');
  });

  it('when a name carries markup and CR/LF, then the HTML escapes it and the subject stays one line', () => {
    const sample = samples[1] as Extract<MailTemplate, { template: 'enquiry-company' }>;
    const mail = renderMail({
      ...sample,
      data: { ...sample.data, name: 'Eve\r\nBcc: victim@example.com', message: '<img src="https://t.example/p.gif">' },
    });
    expect(mail.subject).toBe('New enquiry from Eve Bcc: victim@example.com (Verma Textiles)');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=&quot;https://t.example/p.gif&quot;&gt;');
  });

  it('when a refund is made with its credit note, then the mail gives the amount, the payment and names the attachment', () => {
    const sample = samples.find((item) => item.template === 'refund-issued')!;
    const mail = renderMail(sample, { attachments: ['CN-2026-27-0001.pdf'] });
    expect(mail.subject).toBe(`Refund of ₹6,000.50 from ${COMPANY.name}`);
    expect(mail.text).toContain('pay_ABC');
    expect(mail.text).toContain('Invoice INV-0001');
    expect(mail.text).toContain('The credit note is attached (CN-2026-27-0001.pdf).');
    expect(mail.text).not.toContain('req-1234567890');
  });

  it('when staff recorded the payment, then the receipt names it by its mode and reference, never by its internal id', () => {
    const sample = samples[2] as Extract<MailTemplate, { template: 'payment-receipt' }>;
    const mail = renderMail({
      ...sample,
      data: {
        ...sample.data,
        paymentId: 'offline_8002feba6ccac6cd8dac6d59',
        method: 'bank-transfer',
        paymentReference: 'UTR 4455667788',
      },
    });
    expect(mail.text).toContain('Method: Bank transfer');
    expect(mail.text).toContain('Reference: UTR 4455667788');
    expect(mail.text).not.toMatch(/offline_|Payment ID/);
    expect(mail.html).not.toContain('offline_');
  });

  it('when a refund is of a payment staff recorded, then the mail names neither its id nor our refund id', () => {
    const sample = samples.find((item) => item.template === 'refund-issued') as Extract<
      MailTemplate,
      { template: 'refund-issued' }
    >;
    const mail = renderMail({ ...sample, data: { ...sample.data, paymentId: 'offline_8002feba6ccac6cd8dac6d59' } });
    expect(mail.text).toContain('of your payment for Invoice INV-0001');
    expect(mail.text).not.toMatch(/offline_|req-1234567890/);
  });

  it('when the seller is not registered for GST, then the proforma mail promises a payment receipt, never a tax invoice', () => {
    const sample = samples[3] as Extract<MailTemplate, { template: 'invoice-issued' }>;
    const mail = renderMail({ ...sample, data: { ...sample.data, gst: null, sellerRegistered: false } });
    expect(mail.text).toContain('The payment receipt follows once it is paid.');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/tax invoice/i);
  });

  it('when a deletion is confirmed without a name, then it greets plainly', () => {
    const mail = renderMail({ template: 'account-deleted', data: { name: null } });
    expect(mail.text).toContain('Hello,\n');
    expect(mail.subject).toBe(`Your ${COMPANY.name} account has been deleted`);
  });
});

describe("a company's mail, as one member's copy", () => {
  it('when a copy goes to a member other than the founder, then it greets them by their name (or plainly), and nothing else changes', () => {
    const receipt = samples.find((sample) => sample.template === 'payment-receipt')!;
    const project: MailTemplate = {
      template: 'project',
      data: { kind: 'update', projectTitle: 'Loom dashboard', recipientName: 'Asha Rao', url: 'https://x.example/p' },
    };

    const toRavi = renderMail(greeting(receipt, 'Ravi Kumar'));
    const plain = renderMail(greeting(project, null));

    expect(toRavi.text).toContain('Hello Ravi Kumar,');
    expect(toRavi.text).not.toContain('Asha Rao');
    expect(toRavi.text.replace('Ravi Kumar', 'Asha Rao')).toBe(renderMail(receipt).text);
    expect(plain.text).toContain('Hello,\n');
    expect(plain.subject).toBe(renderMail(project).subject);
    expect(greeting(samples[0]!, 'Ravi Kumar')).toBe(samples[0]);
  });
});

describe('mail template helpers', () => {
  it('when text has control characters or Unicode line separators, then oneLine flattens and bounds it', () => {
    expect(oneLine('a\r\nb\tc\u2028d\u0000e')).toBe('a b c d e');
    expect(oneLine('x'.repeat(20), 10)).toBe(`${'x'.repeat(9)}…`);
  });

  it('when values are interpolated into html, then they are escaped unless already safe', () => {
    const safe = html`<i>ok</i>`;
    // prettier-ignore
    expect(html`<p>${'<b>&"\''}</p>${safe}`.value).toBe('<p>&lt;b&gt;&amp;&quot;&#39;</p><i>ok</i>');
    expect(escapeHtml('a&b')).toBe('a&amp;b');
  });

  it('when a quote is mailed, then it has the version, the milestones and the link made at sending, and says what accepting does', () => {
    const mail = renderMail(
      samples.find((sample) => sample.template === 'quote-sent')!,
      {
        attachments: ['Quote-QT-2026-27-0001-v2.pdf'],
        quoteUrl: 'https://nimbus.example/quote/TOKEN',
      },
    );
    expect(mail.subject).toBe(
      `Quote QT/2026-27/0001 (version 2) from ${COMPANY.name}: ₹4,50,000, valid until 30 Jun 2026`,
    );
    for (const value of [
      'Deposit',
      '₹1,80,000',
      'https://nimbus.example/quote/TOKEN',
      'Quote-QT-2026-27-0001-v2.pdf',
    ]) {
      expect(mail.text).toContain(value);
    }
    expect(mail.html).toContain('href="https://nimbus.example/quote/TOKEN"');
    expect(mail.text).toContain('Accepting it issues the first milestone');
  });

  it('when an invitation is mailed, then it says who invited, as what, until when (IST), what the company sees, and carries the link made at sending', () => {
    const sample = samples.find((candidate) => candidate.template === 'company-invitation')!;
    const mail = renderMail(sample, { inviteUrl: 'https://nimbus.example/invite/TOKEN' });
    expect(mail.subject).toBe(`Asha Verma invited you to Verma Textiles Pvt Ltd on ${COMPANY.name}`);
    // A company name is the customer's own text: no markup in the HTML, no header in the subject.
    const marked = renderMail({
      ...sample,
      data: { ...(sample.data as object), companyName: 'Verma <b>Pvt</b>\r\nBcc: x@example.com' },
    } as MailTemplate);
    expect(marked.subject).toBe(`Asha Verma invited you to Verma <b>Pvt</b> Bcc: x@example.com on ${COMPANY.name}`);
    expect(marked.html).not.toContain('<b>Pvt</b>');
    for (const value of [
      'Hello Ravi Kumar,',
      'as Technical (may approve)',
      'ravi@vermatextiles.in',
      '1 Dec 2026, 6:00 pm IST',
      'Accept the invitation: https://nimbus.example/invite/TOKEN',
      'sees your name, your email address and your role',
    ]) {
      expect(mail.text).toContain(value);
    }
    expect(mail.html).toContain('href="https://nimbus.example/invite/TOKEN"');
  });

  it('when a customer declines a quote, then the company mail says so with their comment and where it came from', () => {
    const mail = renderMail(samples.find((sample) => sample.template === 'quote-response')!);
    expect(mail.subject).toBe('Quote QT/2026-27/0001 declined by Rohan Mehta');
    expect(mail.text).toContain('We chose another vendor.\nThanks.');
    expect(mail.text).toContain('203.0.113.9');
    expect(mail.text).toContain('https://nimbus.example/admin/quotes/q1');
  });
});

describe('the news mail (consent needed)', () => {
  it('when news is rendered, then it says why it came and ends with the one-click unsubscribe link', () => {
    const url = 'https://nimbusbespoke.in/api/mail/unsubscribe?token=abc.def';
    const mail = renderMail(
      { template: 'news', data: { subject: 'New: clinic apps', paragraphs: ['We now build clinic apps.'] } },
      { unsubscribeUrl: url },
    );
    expect(mail.subject).toBe('New: clinic apps');
    expect(mail.text).toContain('because you agreed to news and offers');
    expect(mail.text).toContain(`Unsubscribe with one click: ${url}`);
    expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
    expect(mail.html).not.toMatch(/<img|<script/i);
  });

  it('when news has no unsubscribe link, then it is not rendered at all', () => {
    expect(() => renderMail({ template: 'news', data: { subject: 'Offer', paragraphs: ['x'] } })).toThrow(
      /unsubscribe/,
    );
  });
});
