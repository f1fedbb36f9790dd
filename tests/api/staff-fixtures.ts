import request from 'supertest';
import { beforeAll, beforeEach } from 'vitest';
import { addDays, istToday } from '@/domain/ist';
import { clearFirestore, createStaffWithToken } from '../helpers/emulators';
import { uniqueEmail } from './payments-fixtures';

export interface StaffLogin {
  uid: string;
  idToken: string;
}

/** The body staff send to issue a ₹2,80,000 proforma (GST included, two lines, due in 15 days) to `uid`. */
export const proformaBody = (uid: string, overrides: Record<string, unknown> = {}) => ({
  uid,
  description: 'Factory dashboard, phase 1',
  lines: [
    { description: 'Design', amountPaise: 15_000_00 },
    { description: 'Build', amountPaise: 2_65_000_00 },
  ],
  amountsIncludeGst: true,
  dueDate: addDays(istToday(), 15),
  ...overrides,
});

/** Staff (`staffToken`) issue the proforma `body` (see proformaBody); its id, number and pay link token. */
export async function issueProforma(app: Parameters<typeof request>[0], staffToken: string, body: object) {
  const response = await request(app)
    .post('/api/staff/invoices')
    .set('Authorization', `Bearer ${staffToken}`)
    .send(body)
    .expect(201);
  return {
    id: response.body.id as string,
    number: response.body.number as string,
    token: (response.body.payUrl as string).split('/pay/')[1]!,
  };
}

/** A staff login for a test file: made once before its tests (as `<label>-…@example.com`), with Firestore emptied before each test. */
export function staffPerFile(label: string): StaffLogin {
  const staff: StaffLogin = { uid: '', idToken: '' };
  beforeAll(async () => {
    Object.assign(staff, await createStaffWithToken(uniqueEmail(label)));
  });
  beforeEach(() => clearFirestore());
  return staff;
}
