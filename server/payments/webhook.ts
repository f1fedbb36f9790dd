import { createHash } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { ALERT } from '../alerts';
import { HttpError } from '../errors';
import { singleFlight } from '../single-flight';
import type { PaymentsContext } from './context';
import { markPaid, recordPaymentFailure } from './mark-paid';
import type { RazorpayPaymentEntity, WebhookEvent } from './webhook-event';
import { claimEvent } from './event-claims';

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
 * Deliveries about one payment in this process (the same event again, or payment.captured and
 * order.paid of one payment) join the first one's handling: one claim, one markPaid.
 */
const paymentFlights = singleFlight<Firestore, WebhookResult & { eventId: string }>();

/**
 * Handles one webhook delivery. Deliveries are at-least-once, out of order and sometimes in
 * storms (the same event 50 times at once), and the gateway wants a 2xx within 5 s. So the event
 * is claimed first (webhookEvents/{eventId}, one create): a duplicate is recognised at once and
 * answered with the first delivery's outcome (or 'in-progress'), never queued behind the payment's
 * transaction; the work is done once (markPaid is idempotent by payment id, and deliveries about
 * one payment in one process share one handling); a delivery that fails releases its claim and
 * answers 5xx so the gateway retries.
 * Unknown events are acknowledged and ignored.
 */
export async function handleWebhook(
  ctx: PaymentsContext,
  delivery: WebhookDelivery,
  logger: Pick<Logger, 'info' | 'warn' | 'error'> | undefined = ctx.logger,
): Promise<WebhookResult> {
  const { gateway } = ctx;
  if (!gateway.webhooksEnabled) throw new HttpError(503, 'Webhooks are not configured.');
  if (
    !Buffer.isBuffer(delivery.rawBody) ||
    !delivery.signature ||
    !gateway.verifyWebhookSignature(delivery.rawBody, delivery.signature)
  ) {
    logger?.warn(
      { alert: ALERT.webhookSignature, signature: delivery.signature ? 'invalid' : 'missing' },
      'webhook: refused, its signature is not valid',
    );
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

  const kind = event.event === 'payment.failed' ? 'failed' : 'captured';
  const { value, joined } = await paymentFlights(ctx.db, `${kind}:${payment.id}`, async () => ({
    ...(await handleEvent(ctx, eventId, event.event, payment, logger)),
    eventId,
  }));
  const result = { handled: value.handled, outcome: value.outcome };
  if (!joined) return result;
  // Joined another delivery's handling: that one did the work (and recorded its own event).
  if (value.eventId === eventId) return { handled: true, outcome: 'duplicate-event' };
  return value.outcome === 'paid' ? { handled: true, outcome: 'already-recorded' } : result;
}

async function handleEvent(
  ctx: PaymentsContext,
  eventId: string,
  eventType: string,
  payment: RazorpayPaymentEntity,
  logger?: Pick<Logger, 'info'>,
): Promise<WebhookResult> {
  const { db } = ctx;
  const claim = await claimEvent(db, eventId, {
    event: eventType,
    gatewayOrderId: payment.order_id,
    paymentId: payment.id,
  });
  if (claim.kind === 'done') return { handled: true, outcome: 'duplicate-event' };
  if (claim.kind === 'in-progress') return { handled: true, outcome: 'in-progress' };
  let outcome: string;
  try {
    if (eventType === 'payment.failed') {
      outcome = await recordPaymentFailure(db, {
        gatewayOrderId: payment.order_id,
        paymentId: payment.id,
        code: payment.error_code ?? undefined,
        description: payment.error_description ?? undefined,
      });
    } else {
      const result = await markPaid(ctx, {
        gatewayOrderId: payment.order_id,
        paymentId: payment.id,
        amountPaise: payment.amount,
        method: payment.method ?? undefined,
        source: 'webhook',
      });
      outcome = result.outcome;
    }
  } catch (error) {
    await claim.release();
    throw error;
  }
  // If recording the outcome fails, the claim's lease lapses and a retry finds the work done.
  await claim.finish(outcome);
  logger?.info({ eventId, event: eventType, outcome }, 'webhook handled');
  return { handled: true, outcome };
}
