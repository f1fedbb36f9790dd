import { AggregateField, type Firestore } from 'firebase-admin/firestore';
import { E_INVOICE_THRESHOLD_PAISE, type Turnover } from '../../src/domain/turnover';
import { taxDocumentsCollection } from '../documents/store';

/** Documents that carry GST: a credit note of a payment receipt (no GST) is no turnover to take back. */
const WITH_GST = ['intra-state', 'inter-state'];

/**
 * A financial year's turnover as the e-invoicing rule reads it: the taxable value of the tax
 * invoices issued in it, less that of its credit notes with GST. Two aggregate queries summed by
 * the database over the year's documents (`financialYear`, the year of the printed date of issue):
 * one read per 1000 documents, never the documents themselves.
 */
export async function financialYearTurnover(
  db: Firestore,
  financialYear: string,
  warningLevelPaise: number,
): Promise<Turnover> {
  const taxableOf = async (kind: 'tax-invoice' | 'credit-note') => {
    const snapshot = await taxDocumentsCollection(db)
      .where('financialYear', '==', financialYear)
      .where('kind', '==', kind)
      .where('snapshot.taxType', 'in', WITH_GST)
      .aggregate({ taxable: AggregateField.sum('snapshot.totals.taxablePaise') })
      .get();
    return snapshot.data().taxable ?? 0;
  };
  const [invoicesPaise, creditNotesPaise] = await Promise.all([taxableOf('tax-invoice'), taxableOf('credit-note')]);
  return {
    financialYear,
    taxablePaise: invoicesPaise - creditNotesPaise,
    invoicesPaise,
    creditNotesPaise,
    warningLevelPaise,
    thresholdPaise: E_INVOICE_THRESHOLD_PAISE,
  };
}
