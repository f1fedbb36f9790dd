import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FINANCIAL_YEAR_MESSAGE } from '@/domain/turnover';
import { NOT_STAFF } from '../../server/auth';
import { testApp } from '../helpers/api-app';
import { admin, createUserWithToken } from '../helpers/emulators';
import { ist, paidInvoice, ravi, RAVI_ID, UNREGISTERED_SELLER } from '../unit/documents/tally-fixtures';
import { REGISTERED_SELLER } from './documents-fixtures';
import { uniqueEmail } from './payments-fixtures';
import { storeGoldenMonth } from './tally-fixtures';
import { staffPerFile } from './staff-fixtures';

const staff = staffPerFile('turnover-staff');

describe('GET /api/staff/turnover', () => {
  /** The golden month (2026-27), and what must not count: last year's invoice, a receipt, its credit note, a pending document. */
  async function storeYear() {
    await storeGoldenMonth();
    const { db } = admin();
    const lastYear = paidInvoice({
      paymentId: 'pay_LastYear',
      uid: RAVI_ID,
      profile: ravi,
      invoiceId: 'INV-0900',
      rupees: 1_18_00_000,
      number: 'NB/2025-26/0900',
      issuedAtMs: ist('2026-03-31T23:00'),
      method: 'upi',
      source: 'verify',
    });
    const receipt = paidInvoice(
      {
        paymentId: 'pay_Receipt',
        uid: RAVI_ID,
        profile: ravi,
        invoiceId: 'INV-0901',
        rupees: 50_000,
        number: 'NB/2026-27/0050',
        issuedAtMs: ist('2026-06-01T10:00'),
        method: 'upi',
        source: 'verify',
      },
      UNREGISTERED_SELLER,
    );
    await Promise.all([
      db.doc('documents/pay_LastYear').set({ ...lastYear.document, kind: 'tax-invoice', financialYear: '2025-26' }),
      db.doc('documents/pay_Receipt').set({ ...receipt.document, kind: 'receipt', financialYear: '2026-27' }),
      db.doc('documents/refund_receipt').set({
        status: 'issued',
        kind: 'credit-note',
        financialYear: '2026-27',
        snapshot: { ...receipt.snapshot, kind: 'credit-note' },
      }),
      db.doc('documents/pay_Pending').set({ status: 'pending', series: 'invoice', amountPaise: 9_99_999_00 }),
    ]);
  }

  it("when staff ask for a financial year, then the answer is its tax invoices' taxable value less its credit notes', with the set level", async () => {
    const { app } = testApp({ env: { ...REGISTERED_SELLER, TURNOVER_WARNING_RUPEES: '250000' } });
    await storeYear();

    const response = await request(app)
      .get('/api/staff/turnover?year=2026-27')
      .set('Authorization', `Bearer ${staff.idToken}`)
      .expect(200);

    // 1,00,000 + 2,00,000 + 5,000 of invoices; 10,000 back on the credit note.
    expect(response.body).toEqual({
      financialYear: '2026-27',
      taxablePaise: 2_95_000_00,
      invoicesPaise: 3_05_000_00,
      creditNotesPaise: 10_000_00,
      warningLevelPaise: 2_50_000_00,
      thresholdPaise: 5_00_00_000_00,
    });
    const lastYear = await request(app)
      .get('/api/staff/turnover?year=2025-26')
      .set('Authorization', `Bearer ${staff.idToken}`)
      .expect(200);
    expect(lastYear.body).toMatchObject({ taxablePaise: 1_00_00_000_00, warningLevelPaise: 2_50_000_00 });
  });

  it('when the year is not a financial year, or the caller is not staff, then 400, 401 or 403 with a message', async () => {
    const { app } = testApp();
    const customer = await createUserWithToken(uniqueEmail('tally-customer'));

    for (const query of ['', '?year=2026', '?year=2026-28', '?year=2026-27&year=2027-28']) {
      const response = await request(app)
        .get(`/api/staff/turnover${query}`)
        .set('Authorization', `Bearer ${staff.idToken}`)
        .expect(400);
      expect(response.body).toEqual({ message: FINANCIAL_YEAR_MESSAGE });
    }
    expect((await request(app).get('/api/staff/turnover?year=2026-27')).status).toBe(401);
    const refused = await request(app)
      .get('/api/staff/turnover?year=2026-27')
      .set('Authorization', `Bearer ${customer.idToken}`)
      .expect(403);
    expect(refused.body).toEqual({ message: NOT_STAFF });
  });
});
