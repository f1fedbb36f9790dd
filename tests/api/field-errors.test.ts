import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { istToday } from '@/domain/ist';
import { testApp } from '../helpers/api-app';
import { createStaffWithToken } from '../helpers/emulators';
import { uniqueEmail } from './payments-fixtures';

/** A 400 for bad input says which field is wrong, whether or not its schema has words of its own. */

let staff: { uid: string; idToken: string };

beforeAll(async () => {
  staff = await createStaffWithToken(uniqueEmail('fields-staff'));
});

const offlinePayment = (overrides: Record<string, unknown>) => ({
  uid: 'u1',
  type: 'invoice',
  docId: 'inv1',
  requestId: randomUUID(),
  amountReceivedPaise: 1_000_00,
  receivedOn: istToday(),
  method: 'bank-transfer',
  reference: 'UTR 1',
  ...overrides,
});

describe('API 400s name the field', () => {
  it('when a field is missing or of the wrong kind, then the 400 names it; a schema’s own message is kept', async () => {
    const { app } = testApp();
    const post = (body: object) =>
      request(app).post('/api/staff/payments/offline').set('Authorization', `Bearer ${staff.idToken}`).send(body);

    const missing = await post(offlinePayment({ type: undefined }));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ message: 'Missing field: type.' });

    const wrong = await post(offlinePayment({ type: 'cash-in-hand' }));
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^type: Invalid option: expected one of /);

    const own = await post(offlinePayment({ method: 'barter' }));
    expect(own.body).toEqual({ message: 'Choose how it was paid.' });
  });

  it('when a public form misses a field, then the 400 is not zod’s bare words', async () => {
    const { app } = testApp();
    const response = await request(app).post('/api/contact').send({});

    expect(response.status).toBe(400);
    expect(response.body.message).not.toMatch(/^Invalid input/);
  });
});
