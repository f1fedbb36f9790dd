import type { Firestore } from 'firebase-admin/firestore';
import { DOCUMENT_ID_PATTERN, DOWNLOAD_LABELS, type DocumentKind } from '../../src/domain/tax-document';
import { HttpError } from '../errors';
import { pdfFileOf, type PdfFile } from './pdf-renderer';
import { taxDocumentDoc, type IssuedDocumentFields, type TaxDocumentBase } from './store';

export const DOCUMENT_NOT_FOUND = 'Document not found.';
export const DOCUMENT_PENDING = 'Your document is being prepared. Please try again in a minute.';

/**
 * Who asks: a document is its company's (`uid`: the company's id, for a member the caller let read
 * its billing) and staff's; anyone else is told it does not exist.
 */
export interface DocumentReader {
  uid: string;
  isStaff: boolean;
}

/** The company a tax document belongs to (its `uid`), or null for none (a malformed or unknown id). */
export async function documentCompanyOf(db: Firestore, id: string): Promise<string | null> {
  if (!DOCUMENT_ID_PATTERN.test(id)) return null;
  const snapshot = await taxDocumentDoc(db, id).get();
  return snapshot.exists ? String(snapshot.get('uid')) : null;
}

async function readableDocument(db: Firestore, id: string, reader: DocumentReader) {
  if (!DOCUMENT_ID_PATTERN.test(id)) throw new HttpError(404, DOCUMENT_NOT_FOUND);
  const snapshot = await taxDocumentDoc(db, id).get();
  if (!snapshot.exists || (snapshot.get('uid') !== reader.uid && !reader.isStaff)) {
    throw new HttpError(404, DOCUMENT_NOT_FOUND);
  }
  return snapshot.data() as TaxDocumentBase & Partial<IssuedDocumentFields>;
}

export type DocumentSummary =
  | { id: string; status: 'pending' }
  | {
      id: string;
      status: 'issued';
      kind: DocumentKind;
      title: string;
      number: string;
      issueDate: string;
      totalPaise: number;
      downloadLabel: string;
    };

/** What the profile and the console show of a document (id = the payment or refund id). */
export async function documentSummary(db: Firestore, id: string, reader: DocumentReader): Promise<DocumentSummary> {
  const data = await readableDocument(db, id, reader);
  if (data.status !== 'issued') return { id, status: 'pending' };
  const issued = data as IssuedDocumentFields;
  return {
    id,
    status: 'issued',
    kind: issued.kind,
    title: issued.snapshot.title,
    number: issued.number,
    issueDate: issued.snapshot.issueDate,
    totalPaise: issued.snapshot.totals.totalPaise,
    downloadLabel: DOWNLOAD_LABELS[issued.kind],
  };
}

/** An issued document's PDF, drawn from its snapshot; 409 while it is still being numbered. */
export async function documentPdf(db: Firestore, id: string, reader: DocumentReader): Promise<PdfFile> {
  const data = await readableDocument(db, id, reader);
  if (data.status !== 'issued') throw new HttpError(409, DOCUMENT_PENDING);
  const { snapshot } = data as IssuedDocumentFields;
  return pdfFileOf(snapshot);
}
