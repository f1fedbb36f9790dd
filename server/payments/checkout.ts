import { rupeesToPaise } from '../../src/domain/money';
import type { TdsDeclaration } from '../../src/domain/payments';
import type { PaymentType } from '../../src/domain/schemas';
import type { PaymentsContext } from './context';
import { replaceOpenOrders } from './order-lifecycle';
import { createPaymentOrder, type PaymentOrder } from './payment-orders';
import { setInvoicePurchaseOrder, type PurchaseOrderChange } from './purchase-orders';

export interface CheckoutRequest {
  uid: string;
  type: PaymentType;
  docId: string;
  /** The amount the browser says it will pay (the spec's body carries it): compared for the log, never charged. */
  claimedAmount?: number | string;
  /**
   * The buyer's PO number and vendor code typed as they pay an invoice (its company may require
   * one): set on the invoice first, once the request is allowed.
   */
  purchaseOrder?: { poNumber: string; vendorCode: string; change: PurchaseOrderChange };
  /**
   * Paying an invoice net of TDS: the kind of payment. The caller has checked the payer may
   * (requireCompanyRole 'pay', or a pay link); the TDS itself is worked out from the stored bill.
   */
  tds?: TdsDeclaration | null;
}

/**
 * A checkout's first step: the gateway order for one pending payable of the user, priced here.
 * `allowed` carries the request's verdicts (its rate limit, its sign-in not revoked), checked
 * alongside the reads: it is awaited before the gateway is called, and a refusal answers only
 * once the order path has stopped (and given its claim back). A cart's order is the cart as it
 * is now, so it replaces the customer's older open orders, right after (the checkout does not
 * wait for it; a failure leaves them to the expiry job).
 */
export async function openCheckout(
  ctx: PaymentsContext,
  request: CheckoutRequest,
  allowed: Promise<void>,
): Promise<PaymentOrder> {
  const { uid, type, docId, purchaseOrder } = request;
  if (type === 'invoice' && purchaseOrder && (purchaseOrder.poNumber || purchaseOrder.vendorCode)) {
    await allowed;
    await setInvoicePurchaseOrder(ctx.db, { uid, docId }, purchaseOrder, purchaseOrder.change);
  }
  const creating = createPaymentOrder(
    ctx,
    { uid, type, docId, tds: request.tds ?? null },
    { beforeGateway: () => allowed },
  );
  const [created, verdict] = await Promise.allSettled([creating, allowed]);
  if (verdict.status === 'rejected') throw verdict.reason;
  if (created.status === 'rejected') throw created.reason;
  const order = created.value;
  if (type === 'product_order') {
    replaceOpenOrders(ctx, uid, docId).catch((error: unknown) =>
      ctx.logger?.warn({ err: error }, 'replacing the open orders failed'),
    );
  }
  const claimed = request.claimedAmount === undefined ? undefined : Number(request.claimedAmount);
  if (claimed !== undefined && rupeesToPaise(claimed) !== order.amountPaise) {
    ctx.logger?.warn(
      { claimed: request.claimedAmount, amountPaise: order.amountPaise, docId },
      'client amount differs; ignored',
    );
  }
  return order;
}
