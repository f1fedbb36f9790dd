import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { drainOutbox, INTERRUPTED_ERROR, resendMail } from '../../server/mail/drain';
import { accountDeletedMail, enqueueAccountDeletedMail, invoiceIssuedMail } from '../../server/mail/mails';
import { enqueueMail, mailDoc, type OutboxMail } from '../../server/mail/outbox';
import { createLogTransport, type MailTransport } from '../../server/mail/transport';
import type { TaxDocumentSnapshot } from '@/domain/tax-document';
import { admin, createUserWithToken } from '../helpers/emulators';
import {
  caughtMailPerTest,
  caughtMails,
  drainOptions,
  mailServerSwitch,
  mailsTo,
  waitForMails,
} from '../helpers/mail-catcher';

const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;

function ackTo(address: string): OutboxMail {
  return {
    template: 'enquiry-ack',
    data: { name: 'Test Person' },
    to: { address },
    replyTo: null,
    attachmentDocumentId: null,
  };
}

const { transport } = caughtMailPerTest();

const stored = async (id: string) => (await mailDoc(admin().db, id).get()).data();

describe('the outbox worker', () => {
  it('when two workers drain the same outbox at once, then each mail is sent exactly once', async () => {
    const { db } = admin();
    const addresses = Array.from({ length: 6 }, (_, index) => `twice-${index}-${unique()}@example.com`);
    await Promise.all(addresses.map((address, index) => enqueueMail(db, `test:${index}`, ackTo(address))));

    const reports = await Promise.all([
      drainOutbox(db, transport(), drainOptions()),
      drainOutbox(db, transport(), drainOptions()),
      drainOutbox(db, transport(), drainOptions()),
    ]);

    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(6);
    const mails = await caughtMails();
    expect(mails).toHaveLength(6);
    expect(new Set(mails.map((mail) => mail.envelope.to[0]!.address))).toEqual(new Set(addresses));
  });

  it('when the same cause is queued twice, then there is one mail', async () => {
    const { db } = admin();
    const input = { uid: 'gone-uid', email: `deleted-${unique()}@example.com`, name: 'Ravi' };

    const first = await enqueueAccountDeletedMail(db, input);
    const second = await enqueueAccountDeletedMail(db, input);
    await drainOutbox(db, transport(), drainOptions());

    expect([first, second]).toEqual(['queued', 'exists']);
    expect(await mailsTo(input.email)).toHaveLength(1);
    expect((await mailsTo(input.email))[0]!.subject).toBe('Your Nimbus Bespoke Software account has been deleted');
    expect(accountDeletedMail(input)[0]).toBe('account-deleted:gone-uid');
  });

  it('when the worker is killed just after sending, then the stale claim ends failed and the mail is never sent again', async () => {
    const { db } = admin();
    const address = `killed-${unique()}@example.com`;
    await enqueueMail(db, 'test:killed', ackTo(address));
    const real = transport();
    // Sends for real, then the "process" dies before it can record anything.
    const dying: MailTransport = {
      kind: 'smtp',
      send: async (mail) => {
        await real.send(mail);
        return new Promise(() => {});
      },
      close: () => {},
    };

    void drainOutbox(db, dying, drainOptions());
    expect(await waitForMails(() => mailsTo(address), 1)).toHaveLength(1);
    expect((await stored('test:killed'))?.status).toBe('sending');

    const beforeTimeout = await drainOutbox(db, transport(), drainOptions());
    const afterTimeout = await drainOutbox(db, transport(), drainOptions({ now: () => Date.now() + 11 * 60_000 }));

    expect(beforeTimeout).toMatchObject({ sent: 0, interrupted: 0 });
    expect(afterTimeout).toMatchObject({ sent: 0, interrupted: 1 });
    expect(await stored('test:killed')).toMatchObject({ status: 'failed', lastError: INTERRUPTED_ERROR, attempts: 1 });
    expect(await mailsTo(address)).toHaveLength(1);
  });

  it('when sending keeps failing, then it retries with growing delays and ends failed with the error; staff can resend it', async () => {
    const { db } = admin();
    const mailServer = await mailServerSwitch();
    const smtp = transport(mailServer.url);
    const address = `retry-${unique()}@example.com`;
    await enqueueMail(db, 'test:retry', ackTo(address));
    const start = Date.now();
    const at = (ms: number) => drainOptions({ now: () => start + ms, maxAttempts: 3, retryBaseMs: 1000 });

    const first = await drainOutbox(db, smtp, at(0));
    const firstNext = (await stored('test:retry'))?.nextAttemptAt as Timestamp;
    const notYet = await drainOutbox(db, smtp, at(500));
    const second = await drainOutbox(db, smtp, at(1_100));
    const secondNext = (await stored('test:retry'))?.nextAttemptAt as Timestamp;
    const third = await drainOutbox(db, smtp, at(3_200));

    expect([first.retrying, notYet.retrying, second.retrying, third.failed]).toEqual([1, 0, 1, 1]);
    expect(firstNext.toMillis() - start).toBeGreaterThanOrEqual(1000);
    expect(secondNext.toMillis() - start).toBeGreaterThanOrEqual(1_100 + 2000);
    const failed = await stored('test:retry');
    expect(failed).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed?.lastError).toMatch(/ECONNREFUSED/);

    await mailServer.start();
    expect(await resendMail(db, 'test:retry')).toBe('queued');
    const resent = await drainOutbox(db, smtp, drainOptions());
    await mailServer.stop();

    expect(resent.sent).toBe(1);
    expect(await stored('test:retry')).toMatchObject({ status: 'sent', attempts: 1, resendCount: 1, sentTo: address });
    expect(await mailsTo(address)).toHaveLength(1);
    expect(await resendMail(db, 'test:retry')).toBe('not-failed');
    expect(await resendMail(db, 'test:nothing')).toBe('not-found');
  });

  it('when no SMTP server is configured, then each mail is logged instead and recorded as sent via the log', async () => {
    const { db } = admin();
    const logged: unknown[] = [];
    const logTransport = createLogTransport({ info: (entry: unknown) => void logged.push(entry) } as never);
    await enqueueMail(db, 'test:logged', ackTo('logged@example.com'));

    const report = await drainOutbox(db, logTransport, drainOptions());

    expect(report.sent).toBe(1);
    expect(logged).toEqual([
      {
        mail: expect.objectContaining({
          to: 'logged@example.com',
          subject: expect.stringContaining('We have received'),
        }),
      },
    ]);
    expect(await stored('test:logged')).toMatchObject({ status: 'sent', via: 'log' });
    expect(await caughtMails()).toHaveLength(0);
  });

  it("when staff issue an invoice, then one mail goes to the customer's account email with the amount, its pay link and their account link", async () => {
    const { db } = admin();
    const email = `invoice-${unique()}@example.com`;
    const { uid } = await createUserWithToken(email);
    const [id, mail] = invoiceIssuedMail({
      uid,
      invoiceDocId: 'inv123',
      documentId: 'proforma_inv123',
      customerName: 'Asha Rao',
      snapshot: {
        number: 'PI/2026-27/0001',
        dueDate: '09 Dec 2026',
        description: 'Design',
        taxType: null,
        lines: [{ description: 'Design', totalPaise: 250_050 }],
        totals: { taxablePaise: 250_050, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 250_050 },
      } as unknown as TaxDocumentSnapshot,
      profileUrl: 'http://127.0.0.1:5173/profile?invoice=inv123',
    });

    expect(await enqueueMail(db, id, mail)).toBe('queued');
    expect(await enqueueMail(db, id, mail)).toBe('exists');
    await drainOutbox(
      db,
      transport(),
      drainOptions({ payUrlFor: (ref) => `http://127.0.0.1:5173/pay/token-of-${ref.docId}` }),
    );

    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(
      'Proforma invoice PI/2026-27/0001 from Nimbus Bespoke Software: ₹2,500.50, due by 09 Dec 2026',
    );
    expect(mails[0]!.text).toContain('http://127.0.0.1:5173/pay/token-of-inv123');
    expect(mails[0]!.text).toContain('under My Invoices in your account: http://127.0.0.1:5173/profile\n');
    expect(mails[0]!.text).not.toContain('?invoice=');
    // The stored mail names the invoice, never its pay link (a bearer token).
    expect(JSON.stringify(await stored(`invoice:${uid}:inv123`))).not.toContain('/pay/');
    expect((await stored(`invoice:${uid}:inv123`))?.sentTo).toBe(email);
  });

  it('when the account of a uid-addressed mail has no email, then the mail fails with that reason and nothing is sent', async () => {
    const { db } = admin();
    await enqueueMail(db, 'test:nobody', {
      template: 'account-deleted',
      data: { name: null },
      to: { uid: 'no-such-user' },
      replyTo: null,
      attachmentDocumentId: null,
    });

    const report = await drainOutbox(db, transport(), drainOptions());

    expect(report.failed).toBe(1);
    expect(await stored('test:nobody')).toMatchObject({
      status: 'failed',
      lastError: 'The account has no email address.',
    });
    expect(await caughtMails()).toHaveLength(0);
  });
});
