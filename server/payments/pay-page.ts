import { DOCUMENT_TITLES, proformaNote, type TaxDocumentSnapshot } from '../../src/domain/tax-document';
import type { PayLinkTds, PayLinkView } from '../../src/domain/pay-link';
import type { TdsDeclaration } from '../../src/domain/payments';
import { istToday } from '../../src/domain/ist';
import { tdsCertificateFormOn, tdsQuarterOfDay } from '../../src/domain/tds-certificates';
import { settledPaiseOf } from '../../src/domain/payable';
import { readPurchaseOrder } from '../../src/domain/purchase-order';
import { isOpenStatus } from '../../src/domain/status';
import { pdfFileOf, type PdfFile } from '../documents/pdf-renderer';
import { DOCUMENT_PENDING } from '../documents/read';
import { taxDocumentDoc, type IssuedDocumentFields } from '../documents/store';
import { HttpError } from '../errors';
import { openCheckout } from './checkout';
import type { PaymentsContext } from './context';
import type { PaymentOrder } from './payment-orders';
import { openPayLink, PAY_LINK_NOT_FOUND, type OpenPayLink } from './pay-links';
import { proformaDocumentId } from './proformas';
import { companyDoc, rulesOf } from './purchase-orders';
import { tdsBase, tdsChoices } from './tds';

/**
 * The pay page's server side: everything it does goes through the one invoice its token opens
 * (openPayLink), and a payment made there is recorded against the customer it was issued to,
 * through the same checkout, verify and markPaid as any other.
 */

async function proformaOf(ctx: Pick<PaymentsContext, 'db'>, link: OpenPayLink): Promise<TaxDocumentSnapshot> {
  const documentId = String(link.payable.get('documentId') ?? proformaDocumentId(link.ref.docId));
  const document = await taxDocumentDoc(ctx.db, documentId).get();
  if (!document.exists || document.get('status') !== 'issued') throw new HttpError(404, PAY_LINK_NOT_FOUND);
  return (document.data() as IssuedDocumentFields).snapshot;
}

/** What the page shows: who issued it, to whom, its lines with GST, the total, the due date and the status. */
export async function payLinkView(ctx: Pick<PaymentsContext, 'db'>, token: string): Promise<PayLinkView> {
  const link = await openPayLink(ctx.db, token);
  const [proforma, company] = await Promise.all([proformaOf(ctx, link), companyDoc(ctx.db, link.ref.uid).get()]);
  const status = String(link.payable.get('status'));
  const amountDuePaise = isOpenStatus(status)
    ? proforma.totals.totalPaise - settledPaiseOf(link.payable.data() ?? {})
    : 0;
  const paymentId = link.payable.get('paymentId') as string | undefined;
  const taxDocument = link.payable.get('taxDocument') as { number?: string; kind?: string } | undefined;
  const { supplier, recipient } = proforma;
  return {
    status,
    number: proforma.number,
    issueDate: proforma.issueDate,
    dueDate: proforma.dueDate ?? null,
    description: proforma.description ?? null,
    issuer: {
      name: supplier.name,
      address: supplier.address,
      gstin: supplier.gstin,
      email: supplier.email,
      phone: supplier.phone,
    },
    billedTo: { name: recipient.name, address: recipient.address, gstin: recipient.gstin, state: recipient.state },
    lines: proforma.lines.map(({ sac: _sac, ...line }) => line),
    taxType: proforma.taxType,
    totals: proforma.totals,
    amountDuePaise,
    settledPaise: settledPaiseOf(link.payable.data() ?? {}),
    proformaNote: proformaNote(supplier.gstin !== null),
    purchaseOrder: readPurchaseOrder(link.payable.get('purchaseOrder')),
    requiresPoNumber: rulesOf(company.data()).requirePoNumber,
    msmeTerms: proforma.msme?.lines ?? null,
    tds: amountDuePaise > 0 ? payLinkTds(proforma, amountDuePaise) : null,
    paid:
      paymentId && !isOpenStatus(status)
        ? {
            paymentId,
            taxInvoice: {
              title: DOCUMENT_TITLES[taxDocument?.kind === 'receipt' ? 'receipt' : 'tax-invoice'],
              number: taxDocument?.number ?? null,
            },
          }
        : null,
  };
}

/**
 * What the page offers a payer who deducts TDS: the same figures the checkout then charges
 * (checkoutTds reads the same printed totals), worked out for today.
 */
function payLinkTds(proforma: TaxDocumentSnapshot, amountDuePaise: number): PayLinkTds | null {
  const taxablePaise = tdsBase(proforma.totals, amountDuePaise);
  if (taxablePaise <= 0) return null;
  const today = istToday();
  return {
    taxablePaise,
    choices: tdsChoices(taxablePaise, today).map((quote) => ({
      kind: quote.kind,
      name: quote.name,
      rate: quote.rate,
      citation: quote.citation.text,
      tdsPaise: quote.tdsPaise,
      payPaise: amountDuePaise - quote.tdsPaise,
    })),
    certificateForm: tdsCertificateFormOn(today),
    certificateDueOn: tdsQuarterOfDay(today).certificateDueOn,
  };
}

/** The proforma's PDF, or (`which: 'paid'`) the tax invoice or payment receipt issued once it was paid. */
export async function payLinkPdf(
  ctx: Pick<PaymentsContext, 'db'>,
  token: string,
  which: 'proforma' | 'paid',
): Promise<PdfFile> {
  const link = await openPayLink(ctx.db, token);
  let snapshot: TaxDocumentSnapshot;
  if (which === 'proforma') {
    snapshot = await proformaOf(ctx, link);
  } else {
    const paymentId = link.payable.get('paymentId') as string | undefined;
    if (!paymentId) throw new HttpError(404, 'This invoice has not been paid yet.');
    const document = await taxDocumentDoc(ctx.db, paymentId).get();
    if (!document.exists || document.get('status') !== 'issued') throw new HttpError(409, DOCUMENT_PENDING);
    snapshot = (document.data() as IssuedDocumentFields).snapshot;
  }
  return pdfFileOf(snapshot);
}

/** The gateway order for the link's invoice, priced here; with the name and email its checkout is prefilled with. */
export async function payLinkCheckout(
  ctx: PaymentsContext,
  token: string,
  allowed: Promise<void>,
  purchaseOrder: { poNumber?: string; vendorCode?: string } = {},
  tds: TdsDeclaration | null = null,
): Promise<PaymentOrder & { prefill: { name?: string; email?: string } }> {
  const link = await openPayLink(ctx.db, token);
  const order = await openCheckout(
    ctx,
    {
      ...link.ref,
      purchaseOrder: {
        poNumber: purchaseOrder.poNumber ?? '',
        vendorCode: purchaseOrder.vendorCode ?? '',
        // Whoever holds the link (an accounts clerk, without an account) typed it for the company.
        change: { actor: { uid: link.ref.uid, email: null }, via: 'pay-link' },
      },
      // The link is bound to one bill of one company, and whoever holds it may pay it for that
      // company, net of TDS too: the TDS is worked out here, and it is claimed only once its
      // certificate is verified against Form 26AS.
      tds,
    },
    allowed,
  );
  const name = link.payable.get('name') as string | undefined;
  const email = link.payable.get('email') as string | undefined;
  return { ...order, prefill: { ...(name ? { name } : {}), ...(email ? { email } : {}) } };
}

/** Whose gateway order a pay link may complete: its invoice's, and that one only. */
export async function payLinkOwner(ctx: Pick<PaymentsContext, 'db'>, token: string) {
  const { ref } = await openPayLink(ctx.db, token);
  return { uid: ref.uid, docId: ref.docId };
}
