import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { HttpError } from '../errors';
import type { PaymentGateway } from './gateway';
import { markPaid, recordPaymentFailure } from './mark-paid';
import type { WebhookEvent } from './webhook-event';

export interface WebhookDelivery {
  rawBody: Buffer;
  signature: string | undefined;
  /** Razorpay's `x-razorpay-event-id`; a hash of the body when absent. */
  eventId: string | undefined;
}

const EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PAYMENT_EVENTS = ['payment.captured', 'order.paid', 'payment.failed'] as const;

export type WebhookResult = { handled: boolean; outcome: string };

/**
 * Handles one webhook delivery. Deliveries are at-least-once and out of order, so each event id
 * takes effect once (recorded in webhookEvents in the same transaction as its effect). Unknown
 * events are acknowledged and ignored; anything that throws becomes a 5xx so the gateway retries.
 */
export async function handleWebhook(
  db: Firestore,
  gateway: PaymentGateway,
  delivery: WebhookDelivery,
  logger?: Logger,
): Promise<WebhookResult> {
  if (!gateway.webhooksEnabled) throw new HttpError(503, 'Webhooks are not configured.');
  if (
    !Buffer.isBuffer(delivery.rawBody) ||
    !delivery.signature ||
    !gateway.verifyWebhookSignature(delivery.rawBody, delivery.signature)
  ) {
    throw new HttpError(400, 'Invalid webhook signature.');
  }
  let event: WebhookEvent;
  try {
    event = JSON.parse(delivery.rawBody.toString('utf8')) as WebhookEvent;
  } catch {
    throw new HttpError(400, 'Webhook body is not valid JSON.');
  }
  // The id becomes a Firestore document id, so only Razorpay's shape is accepted.
  if (delivery.eventId !== undefined && !EVENT_ID.test(delivery.eventId)) {
    throw new HttpError(400, 'Invalid webhook event id.');
  }
  const eventId = delivery.eventId || `sha256_${createHash('sha256').update(delivery.rawBody).digest('hex')}`;
  if (!(PAYMENT_EVENTS as readonly string[]).includes(event.event)) return { handled: false, outcome: 'ignored' };
  const payment = event.payload?.payment?.entity;
  if (!payment?.id || !payment.order_id) {
    // A payment made without an order of ours (e.g. a payment link): a 4xx would only make the
    // gateway retry and eventually disable the webhook, so it is acknowledged and ignored.
    logger?.info({ eventId, event: event.event, paymentId: payment?.id }, 'webhook without an order ignored');
    return { handled: false, outcome: 'ignored' };
  }

  if (event.event === 'payment.failed') {
    const outcome = await recordPaymentFailure(db, {
      gatewayOrderId: payment.order_id,
      paymentId: payment.id,
      code: payment.error_code ?? undefined,
      description: payment.error_description ?? undefined,
      eventId,
      eventType: event.event,
    });
    logger?.info({ eventId, event: event.event, outcome }, 'webhook handled');
    return { handled: true, outcome };
  }
  const result = await markPaid(db, {
    gatewayOrderId: payment.order_id,
    paymentId: payment.id,
    amountPaise: payment.amount,
    method: payment.method ?? undefined,
    source: 'webhook',
    eventId,
    eventType: event.event,
  });
  logger?.info({ eventId, event: event.event, outcome: result.outcome }, 'webhook handled');
  return { handled: true, outcome: result.outcome };
}
