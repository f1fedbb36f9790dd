import { orderBy, query, where } from 'firebase/firestore';
import { monthSchema } from '@/domain/ist';
import type { Turnover } from '@/domain/turnover';
import { apiClient } from '@/lib/api-client';
import { taxDocumentsCollection } from '@/records/tax-documents';

const withAuth = { withAuth: true };

export const documentsQuery = () => query(taxDocumentsCollection(), orderBy('createdAt', 'desc'));

/** The tax documents issued to one customer, newest first (kept after their account is deleted). */
export const customerDocumentsQuery = (uid: string) =>
  query(taxDocumentsCollection(), where('uid', '==', uid), orderBy('createdAt', 'desc'));

/** A month's accountant's pack (GSTR-1 tables, the register of documents, the payments) as a ZIP. */
export const downloadAccountantPack = (month: string) =>
  apiClient.getFile(`/api/staff/accountant-pack?month=${encodeURIComponent(monthSchema.parse(month))}`, withAuth);

/** An issued tax invoice, receipt or credit note as PDF (staff may read every document). */
export const downloadDocumentPdf = (id: string) =>
  apiClient.getFile(`/api/documents/${encodeURIComponent(id)}.pdf`, withAuth);

/** The turnover watch of a financial year ('2026-27'): the year's taxable value and the levels it is read against. */
export const getTurnover = (financialYear: string) =>
  apiClient.get<Turnover>(`/api/staff/turnover?year=${encodeURIComponent(financialYear)}`, withAuth);
