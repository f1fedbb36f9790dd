import { COMPANY } from '../../../src/domain/company';
import { formatDay } from '../../../src/domain/dates';
import { formatInr } from '../../../src/domain/money';
import { button, factsTable, factsText, html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface StatementMailData {
  customerName: string | null;
  /** The range (YYYY-MM-DD, India), both days included. */
  from: string;
  to: string;
  openingPaise: number;
  closingPaise: number;
  /** What the open bills still ask (each has its own pay link), and how much of it is past due. */
  payableNowPaise: number;
  overduePaise: number;
  /** An MSME seller: section 16 interest on what is overdue, to the last day; null otherwise. */
  interestPaise: number | null;
  /** statements/{id}: the statement as made, whose PDF goes with the mail. */
  statementId: string;
  /** Where the customer sees it and pays what is due (after signing in). */
  statementUrl: string;
  /** 'monthly' (the 1st of each month), or 'staff' (sent from the console). */
  cause: 'monthly' | 'staff';
}

/**
 * A statement of account: the period's opening and closing balance, what is due and overdue (and,
 * from a micro or small enterprise, the interest the law adds), the PDF attached, and the page
 * where each open bill can be paid.
 */
export function statementMail(data: StatementMailData, context: { attachments: string[] }): RenderedMail {
  const period = `${formatDay(data.from)} to ${formatDay(data.to)}`;
  const facts: Array<[string, string]> = [
    ['Period', period],
    ['Opening balance', formatInr(data.openingPaise)],
    ['Closing balance', formatInr(data.closingPaise)],
    ['Open bills to pay', formatInr(data.payableNowPaise)],
    ...(data.overduePaise > 0 ? [['Of which past due', formatInr(data.overduePaise)] as [string, string]] : []),
    ...(data.interestPaise
      ? [['Interest under section 16 of the MSMED Act', formatInr(data.interestPaise)] as [string, string]]
      : []),
  ];
  const intro =
    data.cause === 'monthly'
      ? `Here is your statement of account with ${COMPANY.name} for ${period}.`
      : `As requested, here is your statement of account with ${COMPANY.name} for ${period}.`;
  const attached =
    context.attachments.length > 0
      ? `It is attached (${context.attachments.join(', ')}), with every bill, payment, TDS deduction, credit note and refund of the period and the ageing of what is open.`
      : 'It lists every bill, payment, TDS deduction, credit note and refund of the period and the ageing of what is open.';
  const pay =
    'Each open bill can be paid online from the statement page (sign in first), or with the pay link in its own invoice mail. If your records differ from ours, reply to this email.';
  return layout({
    subject: `Statement of account, ${period}: ${formatInr(data.closingPaise)} due`,
    heading: data.customerName ? `Hello ${oneLine(data.customerName, 100)},` : 'Hello,',
    body: html`${paragraph(intro)}${factsTable(facts)}${button('See the statement and pay', data.statementUrl)}${paragraph(attached)}${paragraph(pay)}`,
    text: `${intro}\n\n${factsText(facts)}\n\nSee the statement and pay: ${data.statementUrl}\n\n${attached}\n\n${pay}`,
  });
}
