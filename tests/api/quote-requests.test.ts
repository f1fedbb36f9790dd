import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { COMPANY } from '@/domain/company';
import { drainOutbox } from '../../server/mail/drain';
import { QUOTE_REQUEST_SUCCESS_MESSAGE } from '../../server/routes/contact';
import { testApp } from '../helpers/api-app';
import { admin, createUserWithToken } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo } from '../helpers/mail-catcher';
import { SENDER, unique } from './contact-fixtures';

const COMPANY_INBOX = 'quotes@nimbus.test';
const app = () => testApp({ env: { COMPANY_EMAIL: COMPANY_INBOX } }).app;

function quoteRequest(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'quote request',
    ...SENDER,
    email: `asha-${unique()}@example.com`,
    projectType: 'Factory Management',
    brief: 'A dashboard for 8 looms, with alerts when one stops.',
    budget: '₹3 – 10 lakh',
    timeline: '1 – 3 months',
    userId: null,
    ...overrides,
  };
}

const { transport } = caughtMailPerTest();

describe('a request for a quote', () => {
  it('when a visitor asks for a quote, then it is an enquiry of kind quote request and the ack and the company notice go out', async () => {
    const body = quoteRequest();

    const response = await request(app()).post('/api/contact').send(body);

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: QUOTE_REQUEST_SUCCESS_MESSAGE });
    const enquiries = await admin().db.collection('enquiries').get();
    expect(enquiries.size).toBe(1);
    expect(enquiries.docs[0]!.data()).toMatchObject({
      kind: 'quote request',
      projectType: 'Factory Management',
      budget: '₹3 – 10 lakh',
      timeline: '1 – 3 months',
      message: body.brief,
      status: 'New',
      source: 'visitor',
      uid: null,
    });

    const report = await drainOutbox(admin().db, transport(), drainOptions());
    expect(report).toMatchObject({ sent: 2, failed: 0 });
    const [ack] = await mailsTo(body.email);
    const [company] = await mailsTo(COMPANY_INBOX);
    expect(ack!.subject).toBe(`We have received your request for a quote – ${COMPANY.name}`);
    expect(ack!.text).not.toContain(body.brief);
    expect(company!.subject).toBe('Quote request from Asha Verma (Verma Textiles)');
    for (const fact of ['Factory Management', '₹3 – 10 lakh', '1 – 3 months', body.brief]) {
      expect(company!.text).toContain(fact);
    }
  });

  it('when a signed-in customer asks for a quote, then it is also their query, with the brief as its message', async () => {
    const { uid, idToken } = await createUserWithToken(`quote-asker-${unique()}@example.com`);

    await request(app())
      .post('/api/contact')
      .set('Authorization', `Bearer ${idToken}`)
      .send(quoteRequest({ projectType: 'Other' }))
      .expect(201);

    const [query] = (await admin().db.collection(`users/${uid}/queries`).get()).docs;
    expect(query!.get('message')).toBe('A dashboard for 8 looms, with alerts when one stops.');
    expect((await admin().db.doc(`enquiries/${query!.id}`).get()).data()).toMatchObject({
      uid,
      kind: 'quote request',
      projectType: 'Other',
    });
  });

  it('when the project type or budget is not one of the choices, then it answers 400 with the message and stores nothing', async () => {
    const badType = await request(app())
      .post('/api/contact')
      .send(quoteRequest({ projectType: 'Rockets' }));
    const noBrief = await request(app())
      .post('/api/contact')
      .send(quoteRequest({ brief: '' }));

    expect(badType.status).toBe(400);
    expect(badType.body).toEqual({ message: 'Choose the kind of project.' });
    expect(noBrief.body).toEqual({ message: 'Tell us briefly what you need.' });
    expect((await admin().db.collection('enquiries').get()).size).toBe(0);
  });
});
