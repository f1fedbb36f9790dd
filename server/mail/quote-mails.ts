import { COMPANY } from '../../src/domain/company';
import type { MailAddress } from '../config';
import { mailIds, toCompanyMembers, type OutboxMail } from './outbox';
import type { QuoteResponseData, QuoteSentData } from './templates';

/**
 * A sent quote's mail to whoever at the company may accept it (its owner, a technical member with
 * the approve right; a lead's email), once per quote version: its PDF (the quote's
 * document) attached, and its link (made when the mail is sent: the stored mail names only the quote).
 */
export function quoteSentMail(input: {
  uid: string;
  quoteId: string;
  documentId: string;
  data: Omit<QuoteSentData, 'quoteLink'>;
}): [string, OutboxMail] {
  return [
    mailIds.quote(input.quoteId),
    {
      template: 'quote-sent',
      data: { ...input.data, quoteLink: { quoteId: input.quoteId } },
      ...toCompanyMembers(input.uid),
      replyTo: null,
      attachmentDocumentId: input.documentId,
    },
  ];
}

/** How a customer answered a quote, to the company's inbox; one mail per answer (each change request its own). */
export function quoteResponseMail(
  data: QuoteResponseData,
  companyEmail: string,
  changeRequestNumber = 1,
): [string, OutboxMail] {
  const to: MailAddress = { address: companyEmail, name: COMPANY.name };
  return [
    mailIds.quoteResponse(data.quoteId, data.response, changeRequestNumber),
    { template: 'quote-response', data, to, replyTo: null, attachmentDocumentId: null },
  ];
}
