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
  const eventId =
    delivery.eventId?.slice(0, 128) || `sha256_${createHash('sha256').update(delivery.rawBody).digest('hex')}`;
  const payment = event.payload?.payment?.entity;

  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      if (!payment?.id || !payment.order_id) throw new HttpError(400, 'Webhook has no payment.');
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
    case 'payment.failed': {
      if (!payment?.id || !payment.order_id) throw new HttpError(400, 'Webhook has no payment.');
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
    default:
      return { handled: false, outcome: 'ignored' };
  }
}
