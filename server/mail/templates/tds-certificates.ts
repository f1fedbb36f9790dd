import { COMPANY } from '../../../src/domain/company';
import { formatDay } from '../../../src/domain/dates';
import { formatInr } from '../../../src/domain/money';
import { button, factsTable, factsText, html, layout, multiline, oneLine, paragraph } from './layout';
import type { RenderedMail } from './layout';

/** One TDS amount whose certificate a mail asks for. */
export interface TdsCertificateLine {
  /** What the payment was for: 'Proforma PI/2026-27/0007 · Website Business plan'. */
  paidFor: string | null;
  /** The day we received the payment (YYYY-MM-DD). */
  receivedOn: string;
  tdsPaise: number;
  /** The law it was deducted under, as printed. */
  citation: string;
}

export interface TdsCertificateReminderData {
  customerName: string | null;
  /** 'Q2 2026-27 (Jul–Sep 2026)'. */
  quarterLabel: string;
  /** The day the certificates were due (YYYY-MM-DD). */
  dueOn: string;
  /** 'Form 16A', or 'Form 131' under the 2025 Act. */
  form: string;
  certificates: TdsCertificateLine[];
  /** Where the customer uploads them (after signing in). */
  uploadUrl: string;
}

export interface TdsCertificateRejectedData {
  customerName: string | null;
  certificate: TdsCertificateLine;
  form: string;
  /** Staff's reason, as typed. */
  reason: string;
  uploadUrl: string;
}

const lineFacts = (line: TdsCertificateLine): Array<[string, string]> => [
  ['For', line.paidFor ?? 'Payment'],
  ['Paid on', formatDay(line.receivedOn)],
  ['TDS', formatInr(line.tdsPaise)],
  ['Deducted under', line.citation],
];

const heading = (name: string | null) => (name ? `Hello ${oneLine(name, 100)},` : 'Hello,');

/**
 * After a quarter's certificate date: the TDS the company deducted from its payments to us that
 * quarter whose certificates we still wait for, once per company and quarter, with the page to
 * upload them.
 */
export function tdsCertificateReminder(data: TdsCertificateReminderData): RenderedMail {
  const total = data.certificates.reduce((sum, line) => sum + line.tdsPaise, 0);
  const intro = `Your company deducted TDS from ${data.certificates.length === 1 ? 'a payment' : `${data.certificates.length} payments`} to ${COMPANY.name} in ${data.quarterLabel}, ${formatInr(total)} in all. Its TDS certificate (${data.form}) was due by ${formatDay(data.dueOn)}, and we have not received it yet.`;
  const ask = `Please download it from TRACES and upload the PDF on your statement page (sign in first), or reply to this email with it attached. We can claim the tax your company paid for us only with the certificate.`;
  const rows = data.certificates.flatMap(lineFacts);
  return layout({
    subject: `TDS certificate awaited: ${data.quarterLabel}, ${formatInr(total)}`,
    heading: heading(data.customerName),
    body: html`${paragraph(intro)}${factsTable(rows)}${button('Upload the certificate', data.uploadUrl)}${paragraph(ask)}`,
    text: `${intro}\n\n${data.certificates.map((line) => factsText(lineFacts(line))).join('\n\n')}\n\nUpload the certificate: ${data.uploadUrl}\n\n${ask}`,
  });
}

/** Staff could not match an uploaded certificate with Form 26AS: why, and the way to send the right one. */
export function tdsCertificateRejected(data: TdsCertificateRejectedData): RenderedMail {
  const intro = `We checked the TDS certificate (${data.form}) uploaded for the payment below against our Form 26AS and could not accept it.`;
  const ask = 'Please upload the correct certificate on your statement page (sign in first), or reply to this email.';
  const facts = lineFacts(data.certificate);
  return layout({
    subject: `TDS certificate not accepted: ${formatInr(data.certificate.tdsPaise)}`,
    heading: heading(data.customerName),
    body: html`${paragraph(intro)}${factsTable(facts)}${paragraph('Why:')}${paragraph(multiline(data.reason))}${button('Upload the certificate', data.uploadUrl)}${paragraph(ask)}`,
    text: `${intro}\n\n${factsText(facts)}\n\nWhy: ${data.reason}\n\nUpload the certificate: ${data.uploadUrl}\n\n${ask}`,
  });
}
