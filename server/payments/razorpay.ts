import Razorpay from 'razorpay';
import { GatewayError, type CreateGatewayOrderInput, type PaymentGateway, type RefundInput } from './gateway';
import type { GatewayOrder, GatewayPayment, GatewayRefund } from './gateway';
import { checkoutPayload, signatureMatches } from './signature';
import { paymentFromEntity, type RazorpayPaymentEntity } from './webhook-event';

interface RazorpayError {
  statusCode?: number;
  error?: { code?: string; description?: string };
}

interface RazorpayRefundEntity {
  id: string;
  payment_id: string;
  amount: number | string;
  status: string;
  receipt?: string | null;
}

function refundFromEntity(entity: RazorpayRefundEntity): GatewayRefund {
  const status = entity.status === 'processed' || entity.status === 'failed' ? entity.status : 'pending';
  return {
    id: entity.id,
    paymentId: entity.payment_id,
    amount: Number(entity.amount),
    status,
    ...(entity.receipt ? { receipt: entity.receipt } : {}),
  };
}

/** The SDK's HTTP client (axios, with our keys and base URL): its refund call cannot send headers. */
interface SdkHttp {
  api: {
    rq: {
      post: (url: string, data: unknown, config: { headers: Record<string, string> }) => Promise<{ data: unknown }>;
    };
  };
}

function toGatewayError(error: unknown, what: string): GatewayError {
  const razorpayError = error as RazorpayError;
  const detail = razorpayError?.error?.description ?? (error instanceof Error ? error.message : String(error));
  return new GatewayError(`Razorpay ${what} failed: ${detail}`, razorpayError?.statusCode);
}

/**
 * Razorpay through its SDK (which always talks to api.razorpay.com; tests intercept it with nock).
 * Signatures are checked with our constant-time compare, not the SDK's helper.
 */
export class RazorpayGateway implements PaymentGateway {
  readonly mode = 'razorpay' as const;
  readonly webhooksEnabled: boolean;
  private readonly client: Razorpay;

  constructor(
    readonly keyId: string,
    private readonly keySecret: string,
    private readonly webhookSecret?: string,
  ) {
    this.client = new Razorpay({ key_id: keyId, key_secret: keySecret });
    this.webhooksEnabled = Boolean(webhookSecret);
  }

  async createOrder(input: CreateGatewayOrderInput): Promise<GatewayOrder> {
    try {
      const order = await this.client.orders.create({
        amount: input.amountPaise,
        currency: input.currency,
        receipt: input.receipt,
        notes: input.notes,
      });
      return {
        id: order.id,
        amount: Number(order.amount),
        currency: 'INR',
        receipt: order.receipt ?? input.receipt,
        createdAt: Number(order.created_at) * 1000,
      };
    } catch (error) {
      throw toGatewayError(error, 'order creation');
    }
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment | null> {
    try {
      const payment = (await this.client.payments.fetch(paymentId)) as unknown as RazorpayPaymentEntity;
      return paymentFromEntity(payment);
    } catch (error) {
      const statusCode = (error as RazorpayError)?.statusCode;
      if (statusCode === 400 || statusCode === 404) return null;
      throw toGatewayError(error, 'payment fetch');
    }
  }

  async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    try {
      const result = (await this.client.orders.fetchPayments(orderId)) as unknown as {
        items?: RazorpayPaymentEntity[];
      };
      return (result.items ?? []).map(paymentFromEntity);
    } catch (error) {
      throw toGatewayError(error, 'order payments fetch');
    }
  }

  verifyCheckoutSignature(orderId: string, paymentId: string, signature: string): boolean {
    return signatureMatches(this.keySecret, checkoutPayload(orderId, paymentId), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean {
    return this.webhookSecret ? signatureMatches(this.webhookSecret, rawBody, signature) : false;
  }

  /**
   * POST /v1/payments/:id/refund with the X-Refund-Idempotency header (our refund id): Razorpay
   * answers a repeat of the same request with the same refund instead of refunding again.
   */
  async refund(input: RefundInput): Promise<GatewayRefund> {
    try {
      const { data } = await (this.client as unknown as SdkHttp).api.rq.post(
        `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
        { amount: input.amountPaise, speed: 'normal', receipt: input.refundId, notes: input.notes },
        { headers: { 'X-Refund-Idempotency': input.refundId } },
      );
      return refundFromEntity(data as RazorpayRefundEntity);
    } catch (error) {
      const response = (error as { response?: { status?: number; data?: RazorpayError } }).response;
      throw toGatewayError(response ? { statusCode: response.status, error: response.data?.error } : error, 'refund');
    }
  }

  async fetchRefunds(paymentId: string): Promise<GatewayRefund[]> {
    try {
      const result = (await this.client.payments.fetchMultipleRefund(paymentId, { count: 100 })) as unknown as {
        items?: RazorpayRefundEntity[];
      };
      return (result.items ?? []).map(refundFromEntity);
    } catch (error) {
      throw toGatewayError(error, 'refunds fetch');
    }
  }
}
