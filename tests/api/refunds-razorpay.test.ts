import nock from 'nock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../server/payments/gateway';
import { RazorpayGateway } from '../../server/payments/razorpay';

// The razorpay SDK always calls https://api.razorpay.com, so its HTTP traffic is intercepted here.
const RAZORPAY = 'https://api.razorpay.com';
const gateway = new RazorpayGateway('rzp_test_abc123', 'key-secret-for-tests', 'webhook-secret');
const REFUND_ID = 'a1b2c3d4-e5f6-4711-8899-aabbccddeeff';

const refundEntity = (status: string) => ({
  id: 'rfnd_Rzp00000000001',
  entity: 'refund',
  amount: 50_000,
  currency: 'INR',
  payment_id: 'pay_Rzp000000000001',
  receipt: REFUND_ID,
  status,
});

beforeAll(() => {
  nock.disableNetConnect();
  nock.enableNetConnect(/127\.0\.0\.1|localhost/);
});
afterEach(() => nock.cleanAll());
afterAll(() => nock.enableNetConnect());

describe('Razorpay refunds', () => {
  it('when a refund is made, then Razorpay gets paise, our id as receipt and as the X-Refund-Idempotency key, with our keys', async () => {
    let seen: { body: unknown; idempotency?: string; authorization?: string } | undefined;
    nock(RAZORPAY)
      .post('/v1/payments/pay_Rzp000000000001/refund')
      .reply(function (_uri, body) {
        seen = {
          body,
          idempotency: this.req.headers['x-refund-idempotency'] as string,
          authorization: this.req.headers.authorization as string,
        };
        return [200, refundEntity('processed')];
      });

    const refund = await gateway.refund({
      paymentId: 'pay_Rzp000000000001',
      amountPaise: 50_000,
      refundId: REFUND_ID,
      notes: { refundId: REFUND_ID },
    });

    expect(refund).toEqual({
      id: 'rfnd_Rzp00000000001',
      paymentId: 'pay_Rzp000000000001',
      amount: 50_000,
      status: 'processed',
      receipt: REFUND_ID,
    });
    expect(seen!.body).toEqual({ amount: 50_000, speed: 'normal', receipt: REFUND_ID, notes: { refundId: REFUND_ID } });
    expect(seen!.idempotency).toBe(REFUND_ID);
    expect(seen!.authorization).toBe(`Basic ${Buffer.from('rzp_test_abc123:key-secret-for-tests').toString('base64')}`);
  });

  it('when Razorpay refuses (400), then it is a refusal; when it answers 409 (still processing) or 5xx, then the outcome is unknown', async () => {
    const refuse = (status: number) =>
      nock(RAZORPAY)
        .post('/v1/payments/pay_Rzp000000000001/refund')
        .reply(status, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The refund amount exceeds the captured amount' },
        });
    const attempt = () =>
      gateway
        .refund({ paymentId: 'pay_Rzp000000000001', amountPaise: 50_000, refundId: REFUND_ID, notes: {} })
        .catch((error: unknown) => error);

    refuse(400);
    const refused = (await attempt()) as GatewayError;
    refuse(409);
    const busy = (await attempt()) as GatewayError;
    refuse(502);
    const down = (await attempt()) as GatewayError;

    expect(refused).toBeInstanceOf(GatewayError);
    expect(refused.message).toContain('exceeds the captured amount');
    expect([refused.isRefusal, busy.isRefusal, down.isRefusal]).toEqual([true, false, false]);
  });

  it("when a request's answer was lost, then the payment's refunds are listed to find ours by receipt", async () => {
    nock(RAZORPAY)
      .get('/v1/payments/pay_Rzp000000000001/refunds')
      .query(true)
      .reply(200, { entity: 'collection', count: 1, items: [refundEntity('pending')] });

    const refunds = await gateway.fetchRefunds('pay_Rzp000000000001');

    expect(refunds).toEqual([expect.objectContaining({ receipt: REFUND_ID, status: 'pending', amount: 50_000 })]);
  });
});
