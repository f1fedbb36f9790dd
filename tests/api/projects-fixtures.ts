import request from 'supertest';
import { expect } from 'vitest';
import { MILESTONE_STATUS, quoteProjectId } from '@/domain/projects';
import { projectLinkToken } from '../../server/projects/links';
import { quoteLinkToken } from '../../server/quotes/store';
import { testApp } from '../helpers/api-app';
import { createUserWithToken } from '../helpers/emulators';
import { TEST_FROM } from '../helpers/mail-catcher';
import { quoteFields } from '../helpers/quote-fields';
import { seedProfile } from './documents-fixtures';
import { uniqueEmail } from './payments-fixtures';

/** The projects API's test setup: an app, a staff login's calls, and a customer with an accepted quote's project. */
export type App = ReturnType<typeof testApp>['app'];
export const COMPANY_INBOX = 'projects-desk@nimbus.test';
/** PAY_LINK_SECRET in the test app: it signs quote and contact links. */
export const SECRET = 'local-pay-link-secret-for-the-emulators-only';
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const as = (token: string) => (call: request.Test) => call.set('Authorization', `Bearer ${token}`);

/** Fixtures acting as the staff login `staff()` returns (made in the test file's beforeAll). */
export function projectFixtures(staff: () => { idToken: string }) {
  const app = (env: Record<string, string> = {}) =>
    testApp({
      env: {
        COMPANY_EMAIL: COMPANY_INBOX,
        MAIL_FROM: `${TEST_FROM.name} <${TEST_FROM.address}>`,
        PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
        PAY_LINK_RATE_LIMIT_PER_MINUTE: '100000',
        ...env,
      },
    }).app;
  const asStaff = (call: request.Test) => as(staff().idToken)(call);

  /** A customer with an account, a ₹4,50,000 quote in 30/40/30 milestones sent to them and accepted; its project's id. */
  async function acceptedQuote(server: App, name = 'Rohan Mehta') {
    const email = uniqueEmail('project-customer');
    const customer = await createUserWithToken(email);
    await seedProfile(customer.uid, { email, name });
    const made = await asStaff(request(server).post('/api/staff/quotes')).send({ ...quoteFields(), uid: customer.uid });
    expect(made.status).toBe(201);
    await asStaff(request(server).post(`/api/staff/quotes/${made.body.id}/send`))
      .send({})
      .expect(200);
    const token = quoteLinkToken(SECRET, made.body.id);
    const accepted = await request(server)
      .post(`/api/quote-links/${token}/accept`)
      .send({ name, agree: true, version: 1 });
    expect(accepted.status).toBe(201);
    return {
      customer,
      email,
      quoteId: made.body.id as string,
      projectId: quoteProjectId(made.body.id),
      deposit: accepted.body.deposit,
    };
  }

  async function uploadPng(server: App, name = 'beta-screens.png') {
    const response = await asStaff(request(server).post(`/api/staff/projects/files?name=${encodeURIComponent(name)}`))
      .set('Content-Type', 'application/octet-stream')
      .send(PNG);
    expect(response.status).toBe(201);
    return response.body as { id: string; sha256: string };
  }

  /** Staff mark milestone `index` Ready for review with a file and a staging link. */
  async function makeReady(server: App, projectId: string, index: number) {
    const file = await uploadPng(server);
    const response = await asStaff(request(server).post(`/api/staff/projects/${projectId}/milestones/${index}`)).send({
      status: MILESTONE_STATUS.ready,
      note: 'The beta is on staging.',
      links: [{ name: 'Staging site', url: 'https://staging.example.com' }],
      fileIds: [file.id],
    });
    expect(response.status).toBe(200);
    return file;
  }

  async function addContact(server: App, customerToken: string, projectId: string, email: string) {
    const response = await as(customerToken)(request(server).post(`/api/projects/${projectId}/contacts`)).send({
      email,
      name: 'Meera (CTO)',
    });
    expect(response.status).toBe(201);
    const token = projectLinkToken(SECRET, { projectId, contactId: response.body.id, linkNo: 1 });
    return { contactId: response.body.id as string, token };
  }

  return { app, asStaff, acceptedQuote, uploadPng, makeReady, addContact };
}
