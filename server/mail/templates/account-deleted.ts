import { COMPANY } from '../../../src/domain/company';
import { html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface AccountDeletedData {
  name: string | null;
}

/** Confirms an account deletion to the address the account had (captured before it was deleted). */
export function accountDeleted(data: AccountDeletedData): RenderedMail {
  const lines = [
    `As you asked, we have deleted your ${COMPANY.name} account with its profile, cart, invoices, queries and orders.`,
    'Records of payments and tax documents that the law requires us to keep are retained as our privacy policy describes.',
    `If you did not ask for this, contact us at once at ${COMPANY.email} or ${COMPANY.phone}.`,
  ];
  return layout({
    subject: `Your ${COMPANY.name} account has been deleted`,
    heading: data.name ? `Hello ${oneLine(data.name, 100)},` : 'Hello,',
    body: html`${lines.map((line) => paragraph(line))}`,
    text: lines.join('\n\n'),
  });
}
