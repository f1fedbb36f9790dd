/**
 * The one source of the words for what the seller issues after a payment: a GST-registered seller
 * (SELLER_GSTIN set) issues a Tax Invoice, an unregistered one a Payment Receipt. Pages, mails, PDFs,
 * hints and the console take their words from here, so no page promises a document we cannot issue.
 */
export interface SellerDocumentWords {
  /** Title case, as a heading or label: 'Tax Invoice' / 'Payment Receipt'. */
  title: 'Tax Invoice' | 'Payment Receipt';
  /** Lower case, inside a sentence: 'tax invoice' / 'payment receipt'. */
  lower: 'tax invoice' | 'payment receipt';
  /** With its article, inside a sentence: 'a tax invoice' / 'a payment receipt'. */
  withArticle: 'a tax invoice' | 'a payment receipt';
}

const TAX_INVOICE: SellerDocumentWords = { title: 'Tax Invoice', lower: 'tax invoice', withArticle: 'a tax invoice' };
const PAYMENT_RECEIPT: SellerDocumentWords = {
  title: 'Payment Receipt',
  lower: 'payment receipt',
  withArticle: 'a payment receipt',
};

/** The words for the document issued when a payment settles something, by the seller's registration. */
export function sellerDocumentWords(isRegistered: boolean): SellerDocumentWords {
  return isRegistered ? TAX_INVOICE : PAYMENT_RECEIPT;
}
