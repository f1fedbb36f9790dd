import type { GatewayPayment } from './gateway';

/** The parts of a Razorpay webhook body we read. */
export interface WebhookEvent {
  entity?: string;
  event: string;
  contains?: string[];
  created_at?: number;
  payload?: {
    payment?: { entity?: RazorpayPaymentEntity };
    order?: { entity?: { id?: string; amount?: number; status?: string } };
  };
}

export interface RazorpayPaymentEntity {
  id: string;
  entity?: 'payment';
  amount: number;
  currency: string;
  status: string;
  order_id: string;
  method?: string | null;
  error_code?: string | null;
  error_description?: string | null;
  created_at?: number;
}

export function paymentFromEntity(entity: RazorpayPaymentEntity): GatewayPayment {
  return {
    id: entity.id,
    orderId: entity.order_id,
    status: entity.status as GatewayPayment['status'],
    amount: entity.amount,
    currency: entity.currency,
    method: entity.method ?? undefined,
    errorCode: entity.error_code ?? undefined,
    errorDescription: entity.error_description ?? undefined,
  };
}

export function entityFromPayment(payment: GatewayPayment, createdAtSeconds: number): RazorpayPaymentEntity {
  return {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: payment.currency,
    status: payment.status,
    order_id: payment.orderId,
    method: payment.method ?? null,
    error_code: payment.errorCode ?? null,
    error_description: payment.errorDescription ?? null,
    created_at: createdAtSeconds,
  };
}

/** A webhook body in Razorpay's shape, for one payment (the sandbox sends these). */
export function paymentWebhookBody(
  event: 'payment.captured' | 'payment.failed' | 'order.paid',
  payment: GatewayPayment,
  createdAtSeconds = Math.floor(Date.now() / 1000),
): string {
  const body: WebhookEvent = {
    entity: 'event',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    created_at: createdAtSeconds,
    payload: {
      payment: { entity: entityFromPayment(payment, createdAtSeconds) },
      ...(event === 'order.paid'
        ? { order: { entity: { id: payment.orderId, amount: payment.amount, status: 'paid' } } }
        : {}),
    },
  };
  return JSON.stringify(body);
}
