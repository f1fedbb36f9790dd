import { describe, expect, it } from 'vitest';
import {
  PO_MESSAGES,
  purchaseOrderFacts,
  purchaseOrderOf,
  purchaseOrderSchema,
  readPurchaseOrder,
} from '@/domain/purchase-order';

describe('purchase orders', () => {
  it('when a PO number and vendor code are typed with extra spaces, then they are trimmed and kept; empty ones are none', () => {
    const parsed = purchaseOrderSchema.parse({ poNumber: '  PO/2026/118  ', vendorCode: 'VND  0042' });

    expect(parsed).toEqual({ poNumber: 'PO/2026/118', vendorCode: 'VND 0042' });
    expect(purchaseOrderOf(parsed)).toEqual({ poNumber: 'PO/2026/118', vendorCode: 'VND 0042' });
    expect(purchaseOrderOf(purchaseOrderSchema.parse({}))).toBeNull();
    expect(purchaseOrderOf({ poNumber: '4500012345', vendorCode: '' })).toEqual({
      poNumber: '4500012345',
      vendorCode: null,
    });
  });

  it('when a PO number holds a formula, markup or is too long, then it is refused with the format', () => {
    for (const poNumber of ['=HYPERLINK("x")', '<b>1</b>', 'A'.repeat(41), '-100']) {
      const result = purchaseOrderSchema.safeParse({ poNumber });
      expect(result.success).toBe(false);
      expect(result.error!.issues[0]!.message).toBe(PO_MESSAGES.poFormat);
    }
  });

  it('when a stored value is read back, then anything but strings is ignored, and it prints as facts', () => {
    expect(readPurchaseOrder({ poNumber: 7, vendorCode: 'V-1' })).toEqual({ poNumber: null, vendorCode: 'V-1' });
    expect(readPurchaseOrder('PO')).toBeNull();
    expect(purchaseOrderFacts({ poNumber: '4500012345', vendorCode: 'V-1' })).toEqual([
      ['PO number', '4500012345'],
      ['Vendor code', 'V-1'],
    ]);
    expect(purchaseOrderFacts(null)).toEqual([]);
  });
});
