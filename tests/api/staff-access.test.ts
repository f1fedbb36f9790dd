import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOT_STAFF } from '../../server/auth';
import { testApp } from '../helpers/api-app';
import {
  admin,
  clearFirestore,
  createStaffWithToken,
  createUserWithToken,
  pastSignInSecond,
} from '../helpers/emulators';
import { uniqueEmail } from './payments-fixtures';

/**
 * Every staff endpoint: 401 without a token, 401 with a revoked one, 403 without the claim, and
 * 400 with `{ message }` for a bad body or parameter. The behaviour of each is in its own file.
 */
const ENDPOINTS: Array<{
  method: 'get' | 'post';
  path: string;
  bad: { path?: string; body?: unknown; message: RegExp };
}> = [
  {
    method: 'post',
    path: '/api/staff/enquiries/e1',
    bad: { body: { status: 'Archived' }, message: /Invalid option|expected one of/i },
  },
  {
    method: 'post',
    path: '/api/staff/customers/u1/billing',
    bad: {
      body: { address: '4 Residency Road', gstin: '29AAAAB0000B1ZV', legalName: '', pinCode: '560025' },
      message: /^Legal business name is required with a GSTIN\.$/,
    },
  },
  {
    method: 'post',
    path: '/api/staff/invoices',
    bad: {
      body: {
        uid: 'u1',
        description: 'Work',
        lines: [{ description: 'Design', amountPaise: 50 }],
        amountsIncludeGst: true,
        dueDate: '2099-01-01',
      },
      message: /at least ₹1/,
    },
  },
  {
    method: 'post',
    path: '/api/staff/customers/u1/invoices/i1/cancel',
    bad: { path: '/api/staff/customers/u1/invoices/__i__/cancel', message: /Not a document id/ },
  },
  {
    method: 'post',
    path: '/api/staff/payments/pay_1/refunds',
    bad: { body: { requestId: 'short' }, message: /requestId/ },
  },
  {
    method: 'post',
    path: '/api/staff/payments/offline',
    bad: {
      body: {
        uid: 'u1',
        type: 'invoice',
        docId: 'i1',
        requestId: 'request-0001',
        amountReceivedPaise: 1_000_00,
        receivedOn: '2026-04-01',
        method: 'cash',
        reference: 'R1',
      },
      message: /Choose how it was paid/,
    },
  },
  {
    method: 'get',
    path: '/api/staff/payments.csv?from=2026-04-01&to=2026-04-30',
    bad: { path: '/api/staff/payments.csv?from=2026-05-01&to=2026-04-01', message: /start date/ },
  },
  {
    method: 'get',
    path: '/api/staff/accountant-pack?month=2026-11',
    bad: { path: '/api/staff/accountant-pack?month=2026-13', message: /^Choose a month \(YYYY-MM\)\.$/ },
  },
  { method: 'post', path: '/api/staff/jobs/reconcile/run', bad: { message: /./ } },
  {
    method: 'post',
    path: '/api/staff/mail/m1/resend',
    bad: { path: '/api/staff/mail/__m__/resend', message: /Not a document id/ },
  },
];

let staffToken: string;
let customerToken: string;

beforeAll(async () => {
  staffToken = (await createStaffWithToken(uniqueEmail('staff'))).idToken;
  customerToken = (await createUserWithToken(uniqueEmail('customer'))).idToken;
});
beforeEach(() => clearFirestore());

const call = (method: 'get' | 'post', path: string, token?: string, body?: unknown) => {
  const app = testApp().app;
  const pending =
    method === 'get'
      ? request(app).get(path)
      : request(app)
          .post(path)
          .send((body ?? {}) as object);
  return token ? pending.set('Authorization', `Bearer ${token}`) : pending;
};

describe('staff endpoints', () => {
  it.each(ENDPOINTS)(
    'when $method $path has no token, then it answers 401 with a message',
    async ({ method, path }) => {
      const response = await call(method, path);
      expect(response.status).toBe(401);
      expect(response.body.message).toEqual(expect.any(String));
    },
  );

  it.each(ENDPOINTS)(
    'when $method $path comes from a signed-in customer without the claim, then it answers 403',
    async ({ method, path }) => {
      const response = await call(method, path, customerToken);
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: NOT_STAFF });
    },
  );

  it.each(ENDPOINTS.filter((endpoint) => endpoint.bad.path || endpoint.bad.body))(
    'when $method $path gets bad input, then it answers 400 with a message and writes nothing',
    async ({ method, path, bad }) => {
      const response = await call(method, bad.path ?? path, staffToken, bad.body);
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(bad.message);
      expect((await admin().db.collection('auditLog').get()).size).toBe(0);
    },
  );

  it('when a staff login is revoked, then its still-unexpired token is refused at once', async () => {
    const email = uniqueEmail('revoked-staff');
    const { uid, idToken } = await createStaffWithToken(email);
    // A token signed in within the revocation's second is not revoked by it.
    await pastSignInSecond(idToken);
    await admin().auth.revokeRefreshTokens(uid);
    const response = await call('post', '/api/staff/jobs/reconcile/run', idToken);
    expect(response.status).toBe(401);
  });

  it('when a forged token claims staff, then it answers 401', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'x', staff: true })).toString('base64url');
    const response = await call('post', '/api/staff/jobs/reconcile/run', `${header}.${payload}.`);
    expect(response.status).toBe(401);
  });
});
