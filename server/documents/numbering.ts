import { FieldValue, type DocumentSnapshot, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  counterId,
  financialYearOf,
  formatDocumentNumber,
  type DocumentSeries,
} from '../../src/domain/document-number';
import type { DocumentSettings } from '../config';
import { counterDoc } from './store';

/** The prefix of each series (DOCUMENT_PREFIX, CREDIT_NOTE_PREFIX, PROFORMA_PREFIX, QUOTE_PREFIX). */
export function prefixOf(series: DocumentSeries, settings: Pick<DocumentSettings, 'prefixes'>): string {
  switch (series) {
    case 'credit-note':
      return settings.prefixes.creditNote;
    case 'proforma':
      return settings.prefixes.proforma;
    case 'quote':
      return settings.prefixes.quote;
    default:
      return settings.prefixes.invoice;
  }
}

export interface SeriesNumber {
  number: string;
  financialYear: string;
  sequence: number;
}

/**
 * The next number of a series, inside the transaction that issues the document: read the series'
 * counter for the financial year of `issuedAtMs` (with the caller's other reads: `counter` is that
 * read), then `take` writes the counter + 1 together with the document. The counter only moves
 * with a document that takes its number, so numbers have no gaps and no duplicates, whichever
 * instance issues them.
 */
export function seriesCounter(db: Firestore, series: DocumentSeries, issuedAtMs: number) {
  const financialYear = financialYearOf(issuedAtMs);
  const ref = counterDoc(db, counterId(series, financialYear));
  return {
    ref,
    /** The number the next document gets, given the counter as read; `write` records it. */
    take(counter: DocumentSnapshot, prefix: string): SeriesNumber & { write: (tx: Transaction) => void } {
      const sequence = ((counter.get('last') as number | undefined) ?? 0) + 1;
      const number = formatDocumentNumber(prefix, financialYear, sequence);
      return {
        number,
        financialYear,
        sequence,
        write: (tx) =>
          tx.set(ref, {
            series,
            financialYear,
            last: sequence,
            lastNumber: number,
            updatedAt: FieldValue.serverTimestamp(),
          }),
      };
    },
  };
}
