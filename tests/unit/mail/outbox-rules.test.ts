import { describe, expect, it } from 'vitest';
import { loadConfig, parseMailbox } from '../../../server/config';
import { messageIdFor, retryDelayMs } from '../../../server/mail/drain';
import { mailIds } from '../../../server/mail/outbox';
import { classifySmtpError } from '../../../server/mail/transport';

describe('outbox rules', () => {
  it('when a cause repeats, then its mail id is the same', () => {
    expect(mailIds.enquiryAck('e1')).toBe('enquiry:e1:ack');
    expect(mailIds.enquiryCompany('e1')).toBe('enquiry:e1:company');
    expect(mailIds.payment('pay_1')).toBe('payment:pay_1');
    expect(mailIds.invoice('u1', 'i1')).toBe('invoice:u1:i1');
    expect(mailIds.accountDeleted('u1')).toBe('account-deleted:u1');
  });

  it('when attempts grow, then the retry delay doubles up to its cap', () => {
    expect([1, 2, 3, 4, 10].map((attempt) => retryDelayMs(attempt, 30_000, 3_600_000))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000,
    ]);
  });

  it('when a mail is sent, then its Message-ID derives from its outbox id and the sender domain', () => {
    expect(messageIdFor('payment:pay_1', { address: 'hello@nimbus.in' })).toBe('<payment.pay_1@nimbus.in>');
  });
});

describe('classifySmtpError', () => {
  it('when the server could not be reached or answered 4xx, then the mail is retried', () => {
    expect(classifySmtpError({ code: 'ESOCKET', command: 'CONN' }, false)).toBe('retry');
    expect(classifySmtpError({ code: 'ETIMEDOUT', command: 'CONN' }, false)).toBe('retry');
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 451, command: 'RCPT TO' }, false)).toBe('retry');
    expect(classifySmtpError({ code: 'EAUTH', responseCode: 535, command: 'AUTH PLAIN' }, false)).toBe('retry');
  });

  it('when the server refused the mail with 5xx or it cannot be sent, then it is not retried', () => {
    expect(classifySmtpError({ code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }, false)).toBe('permanent');
    expect(classifySmtpError({ code: 'EMESSAGE', responseCode: 554, command: 'DATA' }, true)).toBe('permanent');
    expect(classifySmtpError({ code: 'EENVELOPE', command: 'API' }, false)).toBe('permanent');
  });

  it('when the connection failed after the whole message was handed over, then it may have been delivered', () => {
    expect(classifySmtpError({ code: 'ETIMEDOUT', command: 'CONN' }, true)).toBe('uncertain');
    expect(classifySmtpError({ code: 'ECONNECTION', command: 'CONN' }, true)).toBe('uncertain');
  });
});

describe('mail configuration', () => {
  it('when nothing is set, then mails are logged, come from the company and notify its inbox', () => {
    const config = loadConfig({ SMTP_URL: '' });
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.mailFrom).toEqual({ name: 'Nimbus Bespoke Software', address: 'hello@nimbusbespoke.in' });
    expect(config.COMPANY_EMAIL).toBe('hello@nimbusbespoke.in');
    expect(config.siteUrl).toBe('http://localhost:5173');
  });

  it('when SMTP and addresses are set, then they are used', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      MAIL_FROM: '"Nimbus Team" <team@nimbus.in>',
      COMPANY_EMAIL: 'sales@nimbus.in',
      PUBLIC_SITE_URL: 'https://nimbus.in/',
    });
    expect(config.SMTP_URL).toBe('smtps://user:secret@smtp.example.com:465');
    expect(config.mailFrom).toEqual({ name: 'Nimbus Team', address: 'team@nimbus.in' });
    expect(config.siteUrl).toBe('https://nimbus.in');
  });

  it('when SMTP_URL or MAIL_FROM is malformed, then start-up names it', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM must be/);
    expect(parseMailbox('a@b.in\r\nBcc: c@d.in')).toBeNull();
  });
});
