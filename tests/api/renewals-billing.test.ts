import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { anniversary, formatDay, renewalId } from '@/domain/renewals';
import { addDays, istToday } from '@/domain/ist';
import { renewalsContext } from '../../server/app-deps';
import { drainOutbox } from '../../server/mail/drain';
import { renewalsPass } from '../../server/renewals/billing';
import { testApp, testInstance } from '../helpers/api-app';
import { admin, createStaffWithToken, createUserWithToken } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo } from '../helpers/mail-catcher';
import { documentData, payThroughCheckout, REGISTERED_SELLER, seedProfile } from './documents-fixtures';
import { createPaymentOrder, docData, sandboxPay, uniqueEmail, waitFor, verifyPayment } from './payments-fixtures';

const { transport } = caughtMailPerTest();

let staff: { uid: string; idToken: string };
beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('renewals-staff'));
});

type App = ReturnType<typeof testApp>['app'];

/** A customer who bought Factory Management Growth (₹50,000 a year), whose service now renews in `inDays` days. */
async function customerWithService(app: App, inDays = 20) {
  const email = uniqueEmail('renewing');
  const user = await createUserWithToken(email);
  await seedProfile(user.uid, { name: 'Meera Iyer', email });
  const order = await payThroughCheckout(app, user, { items: ['manufacturing-Growth'] });
  const serviceId = `${order.docId}_manufacturing-growth`;
  const ref = admin().db.doc(`users/${user.uid}/services/${serviceId}`);
  const renewsOn = addDays(istToday(), inDays);
  await ref.update({ renewsOn, anchorDay: Number(renewsOn.slice(8, 10)) });
  return { user, email, serviceId, ref, renewsOn, orderPaymentId: order.paymentId };
}

const runRenewals = (app: App) =>
  request(app).post('/api/staff/jobs/renewals/run').set('Authorization', `Bearer ${staff.idToken}`).send({});

async function renewalInvoices(uid: string) {
  return (await admin().db.collection(`users/${uid}/invoices`).where('source.kind', '==', 'renewal').get()).docs;
}

async function mailIds() {
  return (await admin().db.collection('mail').get()).docs.map((doc) => doc.id).sort();
}

async function auditActions() {
  return (await admin().db.collection('auditLog').get()).docs.map((doc) => doc.get('action') as string).sort();
}

describe('the renewals job', () => {
  it('when a service renews in 20 days and staff run renewals twice and on two instances, then exactly one renewal invoice for the yearly fee is issued and mailed once with its pay link; paying it moves the renewal on a year and issues a tax invoice', async () => {
    const { app, deps } = testApp({ env: REGISTERED_SELLER });
    const { user, email, serviceId, ref, renewsOn, orderPaymentId } = await customerWithService(app);
    const [one, two] = ['renewals-a', 'renewals-b'].map((name) => testInstance(name, REGISTERED_SELLER).app);

    const together = await Promise.all([runRenewals(one!), runRenewals(two!)]);
    const again = await runRenewals(app);
    // Past the lease too: two passes at once, as two instances' timers could start them.
    const racing = await Promise.all([renewalsPass(renewalsContext(deps)), renewalsPass(renewalsContext(deps))]);

    // One run got the lease and issued; the other was told it is running (or found it issued).
    expect(together.map((response) => response.status).every((status) => [200, 409].includes(status))).toBe(true);
    const issuedByRuns = together
      .filter((response) => response.status === 200)
      .reduce((sum, response) => sum + (response.body.report.issued as number), 0);
    expect(issuedByRuns).toBe(1);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ outcome: 'ran', ok: true, report: { checked: 1, issued: 0 } });
    expect(racing.map((report) => report.issued)).toEqual([0, 0]);

    const invoices = await renewalInvoices(user.uid);
    expect(invoices).toHaveLength(1);
    const invoice = invoices[0]!;
    const key = renewsOn;
    const next = anniversary(renewsOn, 1);
    expect(invoice.data()).toMatchObject({
      kind: 'proforma',
      issuedBy: 'company',
      status: 'Pending',
      amount: 50_000,
      dueDate: renewsOn,
      lines: [
        {
          description: expect.stringMatching(/^Yearly maintenance: Factory Management – Growth, /),
          amountPaise: 50_000_00,
        },
      ],
      source: {
        kind: 'renewal',
        serviceId,
        renewalId: renewalId(user.uid, serviceId, key),
        key,
        renewsOn,
        nextRenewsOn: next,
      },
    });
    const number = invoice.get('number') as string;
    expect(number).toMatch(/^PI\/\d{4}-\d{2}\/\d{4}$/);
    expect((await ref.get()).data()).toMatchObject({
      status: 'Renewal due',
      renewsOn,
      renewal: { invoiceDocId: invoice.id, number, amountPaise: 50_000_00, issuedOn: istToday(), remindersSent: [] },
    });
    expect(await docData(`renewals/${renewalId(user.uid, serviceId, key)}`)).toMatchObject({
      uid: user.uid,
      serviceId,
      renewsOn,
      status: 'Pending',
      invoiceDocId: invoice.id,
      number,
    });

    // The customer's mail: one, the renewal's, with the pay link (the other is the order's receipt).
    await drainOutbox(deps.firebase.db, transport(), drainOptions());
    const mails = (await mailsTo(email)).filter((mail) => !mail.subject.startsWith('Payment receipt'));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Renewal of Factory Management – Growth: proforma invoice ${number}, ₹50,000, due by ${formatDay(renewsOn)}`,
    ]);
    expect(mails[0]!.text).toMatch(/View and pay the invoice: http:\/\/\S+\/pay\/[\w-]+/);
    expect(mails[0]!.text).toContain('Stop renewing');

    // The customer pays it from their account: the same checkout, verify and markPaid as any invoice.
    const checkout = await createPaymentOrder(app, user.idToken, { firestore_id: invoice.id, type: 'invoice' });
    expect(checkout.body.amount).toBe(50_000_00);
    const paid = await sandboxPay(app, user.idToken, checkout.body.id as string, 'success', 'drop');
    if (paid.outcome !== 'success') throw new Error('sandbox payment failed');
    await verifyPayment(app, user.idToken, paid.result).expect(200);
    const paymentId = paid.result.razorpay_payment_id;

    expect((await ref.get()).data()).toMatchObject({ status: 'Active', renewsOn: next, renewal: null });
    expect(await docData(`renewals/${renewalId(user.uid, serviceId, key)}`)).toMatchObject({
      status: 'Paid',
      paymentId,
    });
    const taxInvoice = await waitFor(
      () => documentData(paymentId),
      (document) => document?.status === 'issued',
    );
    expect(taxInvoice).toMatchObject({ status: 'issued', kind: 'tax-invoice', uid: user.uid, amountPaise: 50_000_00 });
    expect(taxInvoice!.number).not.toBe((await documentData(orderPaymentId))!.number);
    // And the next run has nothing to bill: the next renewal is a year away.
    expect((await runRenewals(app)).body.report).toMatchObject({ issued: 0 });
    expect(await renewalInvoices(user.uid)).toHaveLength(1);
  });

  it('when two instances pass over one due renewal at the same moment, without the lease, then its claim lets exactly one issue it', async () => {
    const { app } = testApp();
    const { user } = await customerWithService(app);
    const [one, two] = ['race-a', 'race-b'].map((name) => renewalsContext(testInstance(name).deps));

    const reports = await Promise.all([renewalsPass(one!), renewalsPass(two!), renewalsPass(one!)]);

    expect(reports.reduce((sum, report) => sum + report.issued, 0)).toBe(1);
    expect(reports.map((report) => report.failed)).toEqual([0, 0, 0]);
    const invoices = await renewalInvoices(user.uid);
    expect(invoices).toHaveLength(1);
    // The PI series advanced once: the loser's transaction took no number.
    const proformaCounters = await admin().db.collection('counters').where('series', '==', 'proforma').get();
    expect(proformaCounters.docs.map((doc) => doc.get('last'))).toEqual([1]);
    expect((await mailIds()).filter((id) => id.startsWith('invoice:'))).toEqual([
      `invoice:${user.uid}:${invoices[0]!.id}`,
    ]);
  });

  it('when the days pass unpaid, then reminders go 7 days before, on the day and 7 days after, each once, then it lapses and the company is told', async () => {
    const { app, deps } = testApp();
    const { user, email, serviceId, ref, renewsOn } = await customerWithService(app);
    const ctx = renewalsContext(deps);
    const at = (day: string) => Date.parse(`${day}T09:00:00+05:30`);
    const id = renewalId(user.uid, serviceId, renewsOn);

    const reports = [];
    for (const day of [istToday(), addDays(renewsOn, -8), addDays(renewsOn, -7), addDays(renewsOn, -7)]) {
      reports.push(await renewalsPass(ctx, { now: at(day) }));
    }
    expect(reports.map((report) => [report.issued, report.reminded])).toEqual([
      [1, 0],
      [0, 0],
      [0, 1],
      [0, 0],
    ]);
    await renewalsPass(ctx, { now: at(renewsOn) });
    expect((await ref.get()).get('status')).toBe('Renewal due');
    await renewalsPass(ctx, { now: at(addDays(renewsOn, 1)) });
    expect((await ref.get()).get('status')).toBe('Overdue');
    await renewalsPass(ctx, { now: at(addDays(renewsOn, 7)) });
    await renewalsPass(ctx, { now: at(addDays(renewsOn, 29)) });
    expect((await ref.get()).get('status')).toBe('Overdue');
    const lapse = await renewalsPass(ctx, { now: at(addDays(renewsOn, 30)) });
    const after = await renewalsPass(ctx, { now: at(addDays(renewsOn, 31)) });

    expect(lapse.lapsed).toBe(1);
    expect(after.checked).toBe(0);
    expect((await ref.get()).data()).toMatchObject({
      status: 'Lapsed',
      lapsedOn: addDays(renewsOn, 30),
      renewal: { remindersSent: ['before-7', 'on-the-day', 'after-7'] },
    });
    const renewalMails = (await mailIds()).filter((mailId) => mailId.startsWith('renewal:'));
    expect(renewalMails).toEqual(
      [`${id}:after-7`, `${id}:before-7`, `${id}:lapsed`, `${id}:lapsed-company`, `${id}:on-the-day`]
        .map((suffix) => `renewal:${suffix}`)
        .sort(),
    );

    await drainOutbox(deps.firebase.db, transport(), drainOptions());
    const customer = (await mailsTo(email))
      .map((mail) => mail.subject)
      .filter((subject) => !subject.startsWith('Payment receipt') && !subject.startsWith('Renewal of'))
      .sort();
    expect(customer).toEqual(
      [
        `Reminder: your yearly maintenance for Factory Management – Growth renews on ${formatDay(renewsOn)} (₹50,000)`,
        'Your yearly maintenance for Factory Management – Growth renews today: ₹50,000',
        `Overdue: the renewal of Factory Management – Growth (₹50,000) was due on ${formatDay(renewsOn)}`,
        'Your yearly maintenance for Factory Management – Growth has lapsed',
      ].sort(),
    );
    const company = await mailsTo(deps.config.COMPANY_EMAIL);
    expect(company.map((mail) => mail.subject)).toEqual(['Renewal lapsed: Factory Management – Growth for Meera Iyer']);
    expect(company[0]!.text).toContain(email);
    // Lapsed is left for a person or a payment: no more mails however often it runs.
    expect((await renewalsPass(ctx, { now: at(addDays(renewsOn, 60)) })).checked).toBe(0);
  });

  it('when staff cancel the renewal invoice itself, then the next run issues it afresh; when staff change the fee, the open invoice is replaced at the new fee; all audited', async () => {
    const { app } = testApp();
    const { user, ref, serviceId } = await customerWithService(app);
    await runRenewals(app).expect(200);
    const [first] = await renewalInvoices(user.uid);

    await request(app)
      .post(`/api/staff/customers/${user.uid}/invoices/${first!.id}/cancel`)
      .set('Authorization', `Bearer ${staff.idToken}`)
      .send({})
      .expect(200);
    const rerun = await runRenewals(app).expect(200);
    const changed = await request(app)
      .post(`/api/staff/customers/${user.uid}/services/${serviceId}`)
      .set('Authorization', `Bearer ${staff.idToken}`)
      .send({ yearlyFeePaise: 45_000_00 });

    expect(rerun.body.report).toMatchObject({ replaced: 1, issued: 1 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      changed: ['yearlyFeePaise'],
      yearlyFeePaise: 45_000_00,
      status: 'Renewal due',
    });
    const invoices = (await renewalInvoices(user.uid)).map((invoice) => invoice.data());
    expect(invoices.map((invoice) => [invoice.status, invoice.amount, invoice.source.key]).sort()).toEqual(
      [
        ['Cancelled', 50_000, expect.any(String)],
        ['Cancelled', 50_000, expect.stringMatching(/-r1$/)],
        ['Pending', 45_000, expect.stringMatching(/-r2$/)],
      ].sort(),
    );
    expect((await ref.get()).data()).toMatchObject({ yearlyFeePaise: 45_000_00, revision: 2, status: 'Renewal due' });
    expect(await auditActions()).toEqual(['invoice.cancel', 'job.run', 'job.run', 'service.update']);
  });
});

describe('stopping and reinstating a service', () => {
  it('when the customer stops renewing with a renewal open, then the service is Cancelled until its date, the invoice is cancelled, they and the company are told, and it is audited', async () => {
    const { app, deps } = testApp();
    const { user, email, ref, serviceId, renewsOn } = await customerWithService(app);
    await runRenewals(app).expect(200);
    const [invoice] = await renewalInvoices(user.uid);
    const stop = () =>
      request(app).post(`/api/services/${serviceId}/stop`).set('Authorization', `Bearer ${user.idToken}`).send({});

    const stopped = await stop();
    const twice = await stop();
    const stranger = await createUserWithToken(uniqueEmail('stranger'));
    const notTheirs = await request(app)
      .post(`/api/services/${serviceId}/stop`)
      .set('Authorization', `Bearer ${stranger.idToken}`)
      .send({});

    expect(stopped.status).toBe(200);
    expect(stopped.body).toMatchObject({ status: 'Cancelled', endsOn: renewsOn });
    expect(twice.status).toBe(409);
    expect(notTheirs.status).toBe(404);
    expect((await ref.get()).data()).toMatchObject({
      status: 'Cancelled',
      cancelledBy: 'customer',
      endsOn: renewsOn,
      renewal: null,
    });
    expect((await invoice!.ref.get()).get('status')).toBe('Cancelled');
    expect(await auditActions()).toEqual(['job.run', 'service.stop']);
    // The pay link no longer opens it.
    await drainOutbox(deps.firebase.db, transport(), drainOptions());
    const confirmation = (await mailsTo(email)).find((mail) => mail.subject.includes('will not renew'));
    expect(confirmation?.subject).toBe(`Factory Management – Growth will not renew: it ends on ${formatDay(renewsOn)}`);
    expect(confirmation?.text).toContain(`The renewal invoice ${invoice!.get('number')} is cancelled`);
    const company = await mailsTo(deps.config.COMPANY_EMAIL);
    expect(company.map((mail) => mail.subject)).toEqual([
      'Stopped renewing: Factory Management – Growth for Meera Iyer',
    ]);
    // A cancelled service is never billed again.
    expect((await runRenewals(app)).body.report).toMatchObject({ checked: 0, issued: 0 });
  });

  it('when staff cancel and then reinstate a service, then it is billed again at once if due, both audited', async () => {
    const { app } = testApp();
    const { user, ref, serviceId } = await customerWithService(app);
    const call = (action: string) =>
      request(app)
        .post(`/api/staff/customers/${user.uid}/services/${serviceId}/${action}`)
        .set('Authorization', `Bearer ${staff.idToken}`)
        .send({});

    const cancelled = await call('cancel');
    const reinstated = await call('reinstate');
    const again = await call('reinstate');

    expect(cancelled.body).toMatchObject({ status: 'Cancelled' });
    expect(reinstated.status).toBe(200);
    expect(reinstated.body).toMatchObject({ status: 'Renewal due', endsOn: null });
    expect(again.status).toBe(409);
    const service = (await ref.get()).data();
    expect(service).toMatchObject({ status: 'Renewal due', revision: 1 });
    expect(service).not.toHaveProperty('cancelledBy');
    expect(await renewalInvoices(user.uid)).toHaveLength(1);
    expect(await auditActions()).toEqual(['service.cancel', 'service.reinstate']);
  });

  it('when someone without the staff claim changes a service, then it is refused', async () => {
    const { app } = testApp();
    const { user, serviceId } = await customerWithService(app);

    const response = await request(app)
      .post(`/api/staff/customers/${user.uid}/services/${serviceId}`)
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ yearlyFeePaise: 100 });

    expect(response.status).toBe(403);
  });
});
