import type { Firestore } from 'firebase-admin/firestore';
import { renewsOnFrom, servicesForOrder } from '../../src/domain/renewals';
import { istToday } from '../../src/domain/ist';
import { STATUS } from '../../src/domain/status';
import { forEachPage } from '../paging';
import { newServiceFields, serviceDoc } from '../payments/services';

/**
 * Services for orders paid before renewals were billed (`npm run backfill`; idempotent): each Paid
 * order's plans with a yearly fee get the service a payment now starts, started on the order's
 * payment day in India. A first renewal date already past moves on to the next anniversary from
 * today: nobody is billed for years gone by (staff can change the date). Existing services are left
 * alone. Resolves with the number of services created.
 */
export async function backfillServices(db: Firestore, { now = Date.now() }: { now?: number } = {}): Promise<number> {
  const today = istToday(now);
  let created = 0;
  await forEachPage(
    db.collectionGroup('orders').where('status', '==', STATUS.paid).orderBy('createdAt'),
    async (orders) => {
      for (const order of orders) {
        const uid = order.ref.parent.parent?.id;
        const paidAt = order.get('paidAt') ?? order.get('createdAt');
        if (!uid || typeof paidAt?.toMillis !== 'function') continue;
        const items = Array.isArray(order.get('items')) ? (order.get('items') as unknown[]) : [];
        const services = servicesForOrder(order.id, items, istToday(paidAt.toMillis() as number));
        if (services.length === 0) continue;
        const refs = services.map((service) => serviceDoc(db, uid, service.id));
        const existing = await db.getAll(...refs);
        const batch = db.batch();
        services.forEach((service, index) => {
          if (existing[index]!.exists) return;
          const renewsOn = renewsOnFrom(service.startedOn, today);
          const fields = newServiceFields(
            uid,
            { ...service, renewsOn },
            {
              orderId: order.id,
              orderNumber: order.get('orderNumber'),
              paymentId: typeof order.get('paymentId') === 'string' ? (order.get('paymentId') as string) : null,
            },
          );
          batch.create(refs[index]!, { ...fields, backfilled: true });
          created += 1;
        });
        await batch.commit();
      }
    },
    { pageSize: 200 },
  );
  return created;
}
