import { formatInr } from '../../../src/domain/money';
import type { PayableRef } from '../../../src/domain/payable';
import type { ReminderId } from '../../../src/domain/renewals';
import { sellerDocumentWords } from '../../../src/domain/seller-document';
import { button, factsTable, factsText, html, layout, oneLine, paragraph, readableUrl } from './layout';
import type { RenderedMail } from './layout';

/**
 * The mails of yearly maintenance renewals (besides the renewal invoice itself, an
 * 'invoice-issued' mail with its `renewal` facts): reminders, the lapse, and a stopped service.
 * Each says in plain words what happens next. Days are as printed: '10 Nov 2027'.
 */

type PayLink = PayableRef & { uid: string };

/** What the customer needs to know about the renewal a mail is about. */
export interface RenewalFacts {
  customerName: string | null;
  /** 'Factory Management – Growth'. */
  service: string;
  /** The renewal date, as printed. */
  renewsOn: string;
  /** The first day it counts as lapsed if still unpaid, as printed. */
  lapsesOn: string;
  /** The renewal's proforma invoice: its number and what it charges (GST included). */
  number: string;
  amountPaise: number;
  /** The proforma's pay link (made when the mail is sent; it is a bearer token, never stored). */
  payLink: PayLink;
  /** The customer's own account page for it; null for a customer without a login. */
  profileUrl: string | null;
  /** Whether the seller is registered for GST: a paid renewal then gets a tax invoice, else a payment receipt. */
  sellerRegistered?: boolean;
}

export interface RenewalReminderData extends RenewalFacts {
  reminder: ReminderId;
}

export interface RenewalLapsedData extends RenewalFacts {
  /** 'customer': what the lapse means and how to restart; 'company': who to call. */
  audience: 'customer' | 'company';
  uid: string;
  /** The customer's account email (company mail only: whom to contact). */
  customerEmail?: string | null;
}

export interface ServiceStoppedData {
  audience: 'customer' | 'company';
  /** Who stopped it: the customer from their account, or staff in the console. */
  by: 'customer' | 'staff';
  uid: string;
  customerName: string | null;
  customerEmail?: string | null;
  service: string;
  /** The day the service ends, as printed. */
  endsOn: string;
  yearlyFeePaise: number;
  /** The renewal invoice cancelled with it, if one was open. */
  cancelledInvoice: string | null;
}

const hello = (name: string | null) => (name ? `Hello ${oneLine(name, 100)},` : 'Hello,');

const renewalFacts = (data: RenewalFacts): Array<[string, string]> => [
  ['Service', oneLine(data.service, 200)],
  ['Renewal date', data.renewsOn],
  ['Proforma invoice', data.number],
  ['Amount due', formatInr(data.amountPaise)],
];

/** What to do and what happens, in the order a customer wants it. */
function nextSteps(data: RenewalFacts): string[] {
  return [
    `Pay the invoice and your maintenance, hosting and support carry on for another year without a break; we email you the ${sellerDocumentWords(data.sellerRegistered ?? false).lower} as soon as it is paid. The button opens the invoice on our website: no account is needed, so you can forward this email to whoever pays your bills.`,
    `If it is still unpaid on ${data.lapsesOn}, the service lapses: we stop maintenance, updates and support until it is paid.`,
    `Do not want to renew? ${data.profileUrl ? `Choose "Stop renewing" under My Services in your account (${readableUrl(data.profileUrl)}), or reply` : 'Reply'} to this email, and nothing more is charged.`,
  ];
}

/** A reminder of an unpaid renewal: 30 or 7 days before, on the day, or 7 days after. */
export function renewalReminder(data: RenewalReminderData, context: { payUrl?: string } = {}): RenderedMail {
  const amount = formatInr(data.amountPaise);
  const service = oneLine(data.service, 200);
  const [subject, intro] = ((): [string, string] => {
    switch (data.reminder) {
      case 'on-the-day':
        return [
          `Your yearly maintenance for ${service} renews today: ${amount}`,
          `Your yearly maintenance for ${service} renews today, ${data.renewsOn}. Proforma invoice ${data.number} for ${amount} is still unpaid.`,
        ];
      case 'after-7':
        return [
          `Overdue: the renewal of ${service} (${amount}) was due on ${data.renewsOn}`,
          `The yearly renewal of ${service} was due on ${data.renewsOn}, and proforma invoice ${data.number} for ${amount} is still unpaid.`,
        ];
      default:
        return [
          `Reminder: your yearly maintenance for ${service} renews on ${data.renewsOn} (${amount})`,
          `Your yearly maintenance for ${service} renews on ${data.renewsOn}. Proforma invoice ${data.number} for ${amount} is waiting to be paid.`,
        ];
    }
  })();
  const payUrl = context.payUrl ?? data.profileUrl ?? '';
  const steps = nextSteps(data);
  const facts = renewalFacts(data);
  return layout({
    subject,
    heading: hello(data.customerName),
    body: html`${paragraph(intro)}${factsTable(facts)}${button('View and pay the renewal', payUrl)}${steps.map((line) => paragraph(line))}`,
    text: `${intro}\n\n${factsText(facts)}\n\nView and pay the renewal: ${payUrl}\n\n${steps.join('\n\n')}`,
  });
}

/**
 * A renewal's news to the company: who the customer is (name and email), what happened and what
 * to do (`lines`, around the facts with the customer's account); the subject ends 'for {customer}'.
 */
function toCompany(
  data: { customerName: string | null; customerEmail?: string | null; uid: string },
  facts: Array<[string, string]>,
  mail: { subject: string; heading: string; lines: (customer: string) => [string, string] },
): RenderedMail {
  const customer = `${data.customerName ? oneLine(data.customerName, 100) : 'A customer'}${data.customerEmail ? ` (${data.customerEmail})` : ''}`;
  const [happened, next] = mail.lines(customer);
  const companyFacts: Array<[string, string]> = [...facts, ['Customer account', data.uid]];
  return layout({
    subject: `${mail.subject} for ${data.customerName ? oneLine(data.customerName, 60) : data.uid}`,
    heading: mail.heading,
    body: html`${paragraph(happened)}${factsTable(companyFacts)}${paragraph(next)}`,
    text: `${happened}\n\n${factsText(companyFacts)}\n\n${next}`,
  });
}

/** An unpaid renewal past its grace: to the customer (what stopped, how to restart) or to the company (whom to call). */
export function renewalLapsed(data: RenewalLapsedData, context: { payUrl?: string } = {}): RenderedMail {
  const amount = formatInr(data.amountPaise);
  const service = oneLine(data.service, 200);
  const facts = renewalFacts(data);
  if (data.audience === 'company') {
    return toCompany(data, facts, {
      subject: `Renewal lapsed: ${service}`,
      heading: 'A renewal has lapsed',
      lines: (customer) => [
        `${customer} did not pay the renewal of ${service} due on ${data.renewsOn}, and its grace period is over: the service is now Lapsed.`,
        `What happens next: maintenance, updates and support for it stop. The renewal invoice ${data.number} (${amount}) stays open, and paying it makes the service Active again. Contact the customer; if they have left, cancel the service in the staff console (Renewals), or change its renewal date if something else was agreed.`,
      ],
    });
  }
  const payUrl = context.payUrl ?? data.profileUrl ?? '';
  const lines = [
    `The yearly renewal of ${service}, due on ${data.renewsOn}, was not paid in time, so the service has lapsed: we have stopped maintenance, updates and support for it.`,
    `What happens next: to restart it, pay proforma invoice ${data.number} (${amount}) with the button above; the service is Active again at once, for the year from ${data.renewsOn}. If you no longer need it, you need not do anything: nothing more is charged. Questions? Reply to this email.`,
  ];
  return layout({
    subject: `Your yearly maintenance for ${service} has lapsed`,
    heading: hello(data.customerName),
    body: html`${paragraph(lines[0]!)}${factsTable(facts)}${button('Pay and restart the service', payUrl)}${paragraph(lines[1]!)}`,
    text: `${lines[0]}\n\n${factsText(facts)}\n\nPay and restart the service: ${payUrl}\n\n${lines[1]}`,
  });
}

/** A service that will not renew: confirmed to the customer, and told to the company when the customer stopped it. */
export function serviceStopped(data: ServiceStoppedData): RenderedMail {
  const service = oneLine(data.service, 200);
  const facts: Array<[string, string]> = [
    ['Service', service],
    ['Yearly fee', formatInr(data.yearlyFeePaise)],
    ['Service ends on', data.endsOn],
    ...(data.cancelledInvoice ? [['Renewal invoice cancelled', data.cancelledInvoice] as [string, string]] : []),
  ];
  if (data.audience === 'company') {
    return toCompany(data, facts, {
      subject: `Stopped renewing: ${service}`,
      heading: 'A customer stopped a renewal',
      lines: (customer) => [
        `${customer} chose "Stop renewing" for ${service} in their account. It will not be billed again, and it ends on ${data.endsOn}.`,
        'What happens next: plan the hand-over (an export of their data, and the source code where the plan includes it) before that day. If this was a mistake, staff can reinstate it in the console (Renewals).',
      ],
    });
  }
  const who = data.by === 'customer' ? 'As you asked, we have stopped' : 'We have stopped';
  const lines = [
    `${who} renewing ${service}. We will not bill its yearly fee again.`,
    `What happens next: the service continues until ${data.endsOn} and then ends; we stop hosting, updates and support on that day.${data.cancelledInvoice ? ` The renewal invoice ${data.cancelledInvoice} is cancelled: nothing is owed for it.` : ''} Before then you can ask us for an export of your data. Changed your mind? Reply to this email before ${data.endsOn}.`,
  ];
  return layout({
    subject: `${service} will not renew: it ends on ${data.endsOn}`,
    heading: hello(data.customerName),
    body: html`${paragraph(lines[0]!)}${factsTable(facts)}${paragraph(lines[1]!)}`,
    text: `${lines[0]}\n\n${factsText(facts)}\n\n${lines[1]}`,
  });
}

/** The renewal invoice's own mail says, under the invoice, what renewing means and what follows. */
export interface RenewalNotice {
  service: string;
  renewsOn: string;
  lapsesOn: string;
  /** Whether the customer can stop it in their account (null for a customer without a login). */
  profileUrl: string | null;
}

export function renewalNoticeLines(notice: RenewalNotice): string[] {
  return [
    `This is the yearly maintenance of ${oneLine(notice.service, 200)}, renewing on ${notice.renewsOn}. Pay it by then and your maintenance, hosting and support carry on for another year without a break. We remind you 7 days before, on the day and 7 days after; if it is still unpaid on ${notice.lapsesOn}, the service lapses and we stop maintenance, updates and support until it is paid.`,
    `Do not want to renew? ${notice.profileUrl ? `Choose "Stop renewing" under My Services in your account, or reply` : 'Reply'} to this email, and nothing more is charged.`,
  ];
}
