import { randomUUID } from 'node:crypto';
import { Timestamp } from 'firebase-admin/firestore';
import pino from 'pino';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatInrWithPaise } from '@/domain/money';
import { addDays, istToday } from '@/domain/ist';
import {
  CSV_TYPES,
  defaultStatementRange,
  STATEMENT_ENDS_AFTER_TODAY,
  type StatementSnapshot,
} from '@/domain/statement';
import { statementsContext } from '../../server/app-deps';
import { documentAttachments } from '../../server/documents/attachments';
import { issuePendingDocuments } from '../../server/documents/issue';
import { statementsJob, STATEMENTS_JOB } from '../../server/jobs';
import { JobRunner } from '../../server/jobs/runner';
import { drainOutbox } from '../../server/mail/drain';
import { STATEMENT_NOT_FOUND } from '../../server/statements/access';
import { withStatementAttachments } from '../../server/statements/attachments';
import { instanceFirebase, testApp } from '../helpers/api-app';
import { admin, createStaffWithToken, createUserWithToken } from '../helpers/emulators';
import { caughtAttachment, caughtMailPerTest, drainOptions, mailsTo } from '../helpers/mail-catcher';
import { WORKED_CASES } from '../helpers/msme-cases';
import { decimalToPaise, parseCsv } from '../helpers/statement-ledgers';
import {
  download,
  NUMBERED_BY_JOB,
  payThroughCheckout,
  pdfText,
  REGISTERED_SELLER,
  seedProfile,
} from './documents-fixtures';
import { newUser, uniqueEmail } from './payments-fixtures';
import { proformaBody } from './staff-fixtures';

type App = ReturnType<typeof testApp>['app'];
let staff: { uid: string; idToken: string };

beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('statement-staff'));
});
// Firestore and the mail catcher are emptied before each test.
const { transport } = caughtMailPerTest();

const UDYAM = 'UDYAM-KR-03-0012345';
const asStaff = (app: App, path: string, body: object) =>
  request(app).post(path).set('Authorization', `Bearer ${staff.idToken}`).send(body);
const statementOf = (app: App, companyId: string, range: { from: string; to: string }, idToken: string, ext = '') =>
  download(app, `/api/companies/${companyId}/statement${ext}?from=${range.from}&to=${range.to}`, idToken);

/** A proforma as issuing stores it, on a day of our choosing (the ledger reads its createdAt, due date and amount). */
async function seedProforma(
  uid: string,
  id: string,
  {
    issuedAt,
    dueDate,
    amountPaise,
    status = 'Pending',
  }: { issuedAt: string; dueDate: string; amountPaise: number; status?: string },
) {
  await admin()
    .db.doc(`users/${uid}/invoices/${id}`)
    .set({
      invoiceId: `PI/2026-27/${id}`,
      number: `PI/2026-27/${id}`,
      kind: 'proforma',
      issuedBy: 'company',
      description: 'Factory dashboard',
      lines: [{ description: 'Build', amountPaise }],
      amountsIncludeGst: true,
      amount: amountPaise / 100,
      dueDate,
      currency: 'INR',
      status,
      name: 'Asha Verma',
      createdAt: Timestamp.fromMillis(Date.parse(issuedAt)),
    });
}

describe('GET /api/companies/:id/statement', () => {
  it('when a company has proformas paid in part with TDS, paid by link, cancelled, and an order paid at once, then the page, the PDF and the CSV give the same opening, movements, closing balance and ageing', async () => {
    const { app, deps } = testApp({ env: { ...REGISTERED_SELLER, ...NUMBERED_BY_JOB } });
    const customer = await newUser('statement-mixed');
    await seedProfile(customer.uid, { legalName: 'Verma Textiles', gstin: '27AAPFU0939F1ZV' });
    const issue = async (amountPaise: number) =>
      (
        await asStaff(
          app,
          '/api/staff/invoices',
          proformaBody(customer.uid, { lines: [{ description: 'Work', amountPaise }], poNumber: 'PO-881' }),
        ).expect(201)
      ).body as { id: string; payUrl: string };
    const partPaid = await issue(2_80_000_00);
    await asStaff(app, '/api/staff/payments/offline', {
      uid: customer.uid,
      type: 'invoice',
      docId: partPaid.id,
      requestId: randomUUID(),
      amountReceivedPaise: 1_00_000_00,
      tdsPaise: 10_000_00,
      tdsSection: '1027',
      receivedOn: istToday(),
      method: 'bank-transfer',
      reference: 'UTR HDFC0001',
    }).expect(201);
    const byLink = await issue(50_000_00);
    const token = byLink.payUrl.split('/pay/')[1]!;
    const order = await request(app).post(`/api/pay/${token}/orders`).send({}).expect(201);
    const paid = await request(app)
      .post(`/api/pay/${token}/sandbox`)
      .send({ razorpay_order_id: order.body.id, outcome: 'success', webhook: 'drop' })
      .expect(200);
    await request(app).post(`/api/pay/${token}/verify`).send(paid.body.result).expect(200);
    const cancelled = await issue(30_000_00);
    await asStaff(app, `/api/staff/customers/${customer.uid}/invoices/${cancelled.id}/cancel`, {}).expect(200);
    await payThroughCheckout(app, customer, { items: ['website-Basic'] });
    await issuePendingDocuments(deps.firebase.db, deps.config.documents);
    const range = defaultStatementRange();

    const page = await request(app)
      .get(`/api/companies/${customer.uid}/statement?from=${range.from}&to=${range.to}`)
      .set('Authorization', `Bearer ${customer.idToken}`);
    const pdf = await statementOf(app, customer.uid, range, customer.idToken, '.pdf');
    const csv = await statementOf(app, customer.uid, range, customer.idToken, '.csv');

    expect(page.status).toBe(200);
    const { statement, recipient } = page.body.snapshot as StatementSnapshot;
    expect(recipient.name).toBe('Verma Textiles');
    // Bills 2,80,000 + 50,000 + 30,000 + 20,000; paid 1,00,000 + TDS 10,000 + 50,000 + 20,000; 30,000 cancelled.
    expect(statement).toMatchObject({
      openingPaise: 0,
      debitsPaise: 3_80_000_00,
      creditsPaise: 2_10_000_00,
      closingPaise: 1_70_000_00,
    });
    expect(statement.lines.map((line) => line.kind).sort()).toEqual(
      [
        'cancellation',
        'proforma',
        'proforma',
        'proforma',
        'receipt',
        'receipt',
        'receipt',
        'tax-invoice',
        'tds',
      ].sort(),
    );
    expect(statement.lines.find((line) => line.kind === 'tds')!.description).toContain('payment code 1027');
    expect(statement.openItems).toEqual([
      expect.objectContaining({ key: `invoice/${partPaid.id}`, openPaise: 1_70_000_00, bucket: 'not-due' }),
    ]);
    expect(statement.ageing.find((bucket) => bucket.bucket === 'not-due')!.amountPaise).toBe(1_70_000_00);
    expect(page.body.payUrls).toEqual({ [`invoice/${partPaid.id}`]: expect.stringMatching(/\/pay\/[\w-]{32}$/) });

    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="Statement-of-Account-${range.from}-to-${range.to}.pdf"`,
    );
    const text = await pdfText(pdf.body as Buffer);
    const money = (paise: number) => formatInrWithPaise(paise).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(text).toMatch(new RegExp(`Opening balance\\s+${money(statement.openingPaise)}`));
    expect(text).toMatch(new RegExp(`Debits\\s+${money(statement.debitsPaise)}`));
    expect(text).toMatch(new RegExp(`Credits\\s+${money(statement.creditsPaise)}`));
    expect(text).toMatch(new RegExp(`Closing balance\\s+${money(statement.closingPaise)}`));
    for (const bucket of statement.ageing) {
      expect(text).toMatch(new RegExp(`${bucket.label}\\s+-?${money(Math.abs(bucket.amountPaise))}`));
    }
    expect(text).toContain('PO-881');

    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = parseCsv((csv.body as Buffer).toString('utf8'));
    const row = (type: string) => rows.find((cells) => cells[1] === type)!;
    expect(decimalToPaise(row(CSV_TYPES.opening)[7]!)).toBe(statement.openingPaise);
    expect(row(CSV_TYPES.closing).slice(5).map(decimalToPaise)).toEqual([
      statement.debitsPaise,
      statement.creditsPaise,
      statement.closingPaise,
    ]);
    expect(
      rows.filter((cells) => cells[1] === CSV_TYPES.ageing).map((cells) => [cells[3], decimalToPaise(cells[7]!)]),
    ).toEqual(statement.ageing.map((bucket) => [bucket.label, bucket.amountPaise]));
  });

  it('when someone else asks for a company’s statement, then it is 404; staff see it; no sign-in is 401; a bad or future range is 400', async () => {
    const { app } = testApp();
    const customer = await newUser('statement-owner');
    const stranger = await newUser('statement-stranger');
    await seedProfile(customer.uid);
    const range = defaultStatementRange();

    const foreign = await statementOf(app, customer.uid, range, stranger.idToken);
    const foreignPdf = await statementOf(app, customer.uid, range, stranger.idToken, '.pdf');
    const asStaffMember = await statementOf(app, customer.uid, range, staff.idToken);
    const anonymous = await statementOf(app, customer.uid, range, '');
    const future = await statementOf(
      app,
      customer.uid,
      { from: range.from, to: addDays(istToday(), 1) },
      customer.idToken,
    );
    const backwards = await statementOf(app, customer.uid, { from: range.to, to: range.from }, customer.idToken);

    expect([foreign.status, foreignPdf.status]).toEqual([404, 404]);
    expect(JSON.parse((foreign.body as Buffer).toString())).toEqual({ message: STATEMENT_NOT_FOUND });
    expect(asStaffMember.status).toBe(200);
    expect(anonymous.status).toBe(401);
    expect(future.status).toBe(400);
    expect(JSON.parse((future.body as Buffer).toString())).toEqual({ message: STATEMENT_ENDS_AFTER_TODAY });
    expect(backwards.status).toBe(400);
  });

  it('when a statement range names a day that does not exist (2026-02-31), then it is 400 saying so', async () => {
    const { app } = testApp();
    const customer = await newUser('statement-bad-day');
    await seedProfile(customer.uid);

    const response = await statementOf(app, customer.uid, { from: '2026-02-31', to: '2026-03-31' }, customer.idToken);

    expect(response.status).toBe(400);
    expect(JSON.parse((response.body as Buffer).toString()).message).toContain(
      '2026-02-31 is not a day of the calendar.',
    );
  });

  it.each(WORKED_CASES)(
    'when the seller is a micro or small enterprise and a bill is open ($name), then the statement’s section 16 interest is the worked figure',
    async (worked) => {
      const { app } = testApp({
        env: { SELLER_UDYAM: UDYAM, MSME_BANK_RATE_PERCENT: String(worked.bankRatePercent) },
      });
      const customer = await newUser('statement-interest');
      await seedProfile(customer.uid);
      await seedProforma(customer.uid, '0001', {
        issuedAt: `${worked.issueDay}T12:00:00+05:30`,
        dueDate: worked.dueDay,
        amountPaise: worked.principalPaise,
      });

      const response = await request(app)
        .get(`/api/companies/${customer.uid}/statement?from=${worked.issueDay}&to=${worked.asOfDay}`)
        .set('Authorization', `Bearer ${customer.idToken}`);

      expect(response.status).toBe(200);
      const { statement, msme } = response.body.snapshot as StatementSnapshot;
      expect(statement.openItems).toEqual([
        expect.objectContaining({
          openPaise: worked.principalPaise,
          interestPaise: worked.interestPaise,
          interestFromDay: worked.interestPaise > 0 ? worked.fromDay : null,
        }),
      ]);
      expect(statement.interest).toEqual({
        bankRatePercent: worked.bankRatePercent,
        annualRatePercent: worked.bankRatePercent * 3,
        totalPaise: worked.interestPaise,
      });
      expect(msme!.lines[0]).toBe(`Udyam registration no.: ${UDYAM} (micro or small enterprise)`);
    },
  );
});

describe('mailing statements', () => {
  const attachments = () => {
    const { db } = admin();
    return withStatementAttachments(db, documentAttachments(db, testApp().deps.config.documents));
  };

  it('when staff mail a company its statement, then one mail (a repeated press is the same one) goes to the owner’s own address with the statement’s PDF, and it is audited', async () => {
    const { app } = testApp();
    const ownerEmail = uniqueEmail('statement-owner');
    const owner = await createUserWithToken(ownerEmail);
    await seedProfile(owner.uid, { email: 'someone-else@example.com' });
    await seedProforma(owner.uid, '0007', {
      issuedAt: `${addDays(istToday(), -20)}T10:00:00+05:30`,
      dueDate: addDays(istToday(), -5),
      amountPaise: 75_000_00,
    });
    const body = { ...defaultStatementRange(), requestId: 'statement-req-0001' };

    const first = await asStaff(app, `/api/staff/companies/${owner.uid}/statement/mail`, body);
    const again = await asStaff(app, `/api/staff/companies/${owner.uid}/statement/mail`, body);
    const byCustomer = await request(app)
      .post(`/api/staff/companies/${owner.uid}/statement/mail`)
      .set('Authorization', `Bearer ${owner.idToken}`)
      .send(body);
    await drainOutbox(admin().db, transport(), drainOptions({ attachmentsFor: attachments() }));

    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'queued', closingPaise: 75_000_00 });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe('exists');
    expect(byCustomer.status).toBe(403);
    const mails = (await admin().db.collection('mail').where('template', '==', 'statement').get()).docs;
    expect(mails.map((mail) => [mail.id, mail.get('to'), mail.get('status')])).toEqual([
      [`statement:${owner.uid}:sent:statement-req-0001`, { uid: owner.uid }, 'sent'],
    ]);
    const [caught] = await mailsTo(ownerEmail);
    expect(caught!.subject).toMatch(/^Statement of account, .*: ₹75,000 due$/);
    expect(await mailsTo('someone-else@example.com')).toEqual([]);
    const [attachment] = caught!.attachments as Array<{ generatedFileName: string }>;
    const text = await pdfText(await caughtAttachment(caught!.id, attachment!.generatedFileName));
    expect(text).toMatch(/Closing balance\s+₹75,000.00/);
    const audit = (await admin().db.collection('auditLog').where('action', '==', 'statement.mail').get()).docs;
    expect(audit).toHaveLength(1);
  });

  it('when the statements job runs on the 1st on two instances, twice, then each company with a balance at the month’s end gets one statement mail, to its owner only, and none at a zero balance', async () => {
    const { deps } = testApp();
    const ownerEmail = uniqueEmail('monthly-owner');
    const owing = await createUserWithToken(ownerEmail);
    const settled = await newUser('monthly-settled');
    const billedLater = await newUser('monthly-later');
    await seedProfile(owing.uid, { email: 'contact@owing.example' });
    await seedProfile(settled.uid, { email: 'contact@settled.example' });
    await seedProfile(billedLater.uid, { email: 'contact@later.example' });
    // Owes ₹50,000 since October.
    await seedProforma(owing.uid, '0001', {
      issuedAt: '2026-10-05T11:00:00+05:30',
      dueDate: '2026-10-20',
      amountPaise: 50_000_00,
    });
    // Open, but a payment it made in October (held for it) covers it: its balance is zero.
    await seedProforma(settled.uid, '0002', {
      issuedAt: '2026-10-03T11:00:00+05:30',
      dueDate: '2026-10-18',
      amountPaise: 20_000_00,
    });
    await admin()
      .db.doc('payments/pay_held00000001')
      .set({
        uid: settled.uid,
        type: 'product_order',
        docId: 'gone',
        amountPaise: 20_000_00,
        status: 'order-missing',
        createdAt: Timestamp.fromMillis(Date.parse('2026-10-10T12:00:00+05:30')),
      });
    // Billed on 1 November: nothing was due at the end of October.
    await seedProforma(billedLater.uid, '0003', {
      issuedAt: '2026-11-01T08:00:00+05:30',
      dueDate: '2026-11-16',
      amountPaise: 9_000_00,
    });
    const firstOfNovember = () => Date.parse('2026-11-01T09:00:00+05:30');
    const runner = (name: string) => {
      const firebase = instanceFirebase(name);
      const ctx = statementsContext({ config: deps.config, firebase });
      return new JobRunner(firebase.db, pino({ level: 'silent' }), { instance: name }).register(
        statementsJob(ctx, 60, { now: firstOfNovember }),
      );
    };
    const [one, two] = [runner('statements-one'), runner('statements-two')];

    // At once (one takes the lease, the other finds it busy or runs after it), then one after the other.
    const together = await Promise.all([one, two].map((each) => each.run(STATEMENTS_JOB, { force: true })));
    const after = [await one.run(STATEMENTS_JOB, { force: true }), await two.run(STATEMENTS_JOB, { force: true })];
    await drainOutbox(admin().db, transport(), drainOptions({ attachmentsFor: attachments() }));

    const reports = [...together, ...after].flatMap((outcome) =>
      outcome.outcome === 'ran' ? [outcome.report as { month: string; mailed: number }] : [],
    );
    expect(reports.length).toBeGreaterThanOrEqual(3);
    expect(reports.every((report) => report.month === '2026-10')).toBe(true);
    expect(reports.reduce((sum, report) => sum + report.mailed, 0)).toBe(1);
    const mails = (await admin().db.collection('mail').where('template', '==', 'statement').get()).docs;
    expect(mails.map((mail) => [mail.id, mail.get('to')])).toEqual([
      [`statement:${owing.uid}:2026-10`, { uid: owing.uid }],
    ]);
    expect(mails[0]!.get('data')).toMatchObject({ from: '2026-10-01', to: '2026-10-31', closingPaise: 50_000_00 });
    expect(await mailsTo(ownerEmail)).toHaveLength(1);
    for (const address of ['contact@owing.example', 'contact@settled.example', 'contact@later.example']) {
      expect(await mailsTo(address)).toEqual([]);
    }
  });

  it('when it is not the 1st in India, then the statements job mails nothing', async () => {
    const { deps } = testApp();
    const customer = await newUser('monthly-midmonth');
    await seedProfile(customer.uid);
    await seedProforma(customer.uid, '0001', {
      issuedAt: '2026-10-05T11:00:00+05:30',
      dueDate: '2026-10-20',
      amountPaise: 50_000_00,
    });
    const ctx = statementsContext({ config: deps.config, firebase: deps.firebase });
    // 23:59 IST on 31 October is still the 31st; 1 November 00:00 IST is 31 October 18:30 UTC.
    const runner = new JobRunner(deps.firebase.db, pino({ level: 'silent' })).register(
      statementsJob(ctx, 60, { now: () => Date.parse('2026-10-31T23:59:00+05:30') }),
    );

    const outcome = await runner.run(STATEMENTS_JOB, { force: true });

    expect(outcome).toMatchObject({ outcome: 'ran', ok: true, report: { month: null, mailed: 0 } });
    expect((await admin().db.collection('mail').get()).size).toBe(0);
  });
});
