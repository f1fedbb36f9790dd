import { SUPPORT_TEAM_NAME } from '../../../src/domain/support';
import {
  button,
  factsTable,
  factsText,
  html,
  layout,
  multiline,
  oneLine,
  paragraph,
  type RenderedMail,
} from './layout';

/**
 * The mails of a support request. Every subject carries the request's reference ('[SR-000123]'),
 * and the customer's mails come from a signed reply address, so replying to any of them threads.
 */
export interface SupportMailData {
  kind: 'ack' | 'company-new' | 'reply' | 'customer-reply' | 'resolved' | 'sla-warning';
  reference: string;
  subject: string;
  customerName: string | null;
  customerEmail?: string | null;
  /** 'Factory Management – Growth', or null for "Something else". */
  service: string | null;
  /** 'Priority', or null when out of plan. */
  tier: string | null;
  /** 'Mon 30 Nov 2026, 1:30 pm IST' (ack: the promised first reply). */
  firstReplyDue: string | null;
  resolutionDue?: string | null;
  /** Why it is out of plan, in words, or null. */
  outOfPlan: string | null;
  /** The message this mail carries (the description, a reply). */
  body: string;
  /** The request's page: the customer's, or the console's for company mails. */
  url: string;
  /** An SLA warning: 'First reply at 80 % of its target', 'First reply overdue'. */
  warning?: string;
  /** A staff reply: who signs it ('Priya Sharma', or 'Nimbus support'); never an address. */
  authorName?: string;
}

const hello = (name: string | null) => (name ? `Hello ${oneLine(name, 100)},` : 'Hello,');

export function supportMail(data: SupportMailData): RenderedMail {
  const tag = `[${data.reference}]`;
  const subject = oneLine(data.subject, 150);
  const plan = data.tier
    ? `${data.service ?? 'Something else'} (${data.tier} support)`
    : (data.service ?? 'Something else');
  const facts: Array<[string, string]> = [
    ['Request', data.reference],
    ['About', plan],
    ...(data.firstReplyDue ? [['First reply due', data.firstReplyDue] as [string, string]] : []),
    ...(data.resolutionDue ? [['Resolution due', data.resolutionDue] as [string, string]] : []),
    ...(data.outOfPlan ? [['Plan', data.outOfPlan] as [string, string]] : []),
  ];
  const quoted = data.body.replace(/\r\n?/g, '\n');
  switch (data.kind) {
    case 'ack': {
      const promise = data.firstReplyDue
        ? `We will reply by ${data.firstReplyDue}.`
        : `${data.outOfPlan ?? 'This request is not covered by a maintenance plan'}: we will read it and tell you how we can help.`;
      const intro = `We have your request ${data.reference}${data.tier ? ` under your ${plan} plan` : ''}. ${promise} Reply to this mail to add anything.`;
      return layout({
        subject: `${tag} ${subject}`,
        heading: 'We have your request',
        body: html`${paragraph(hello(data.customerName))}${paragraph(intro)}${factsTable(facts)}${button('Open your request', data.url)}`,
        text: `${hello(data.customerName)}\n\n${intro}\n\n${factsText(facts)}\n\nYour request: ${data.url}`,
      });
    }
    case 'reply': {
      const signature = oneLine(data.authorName ?? SUPPORT_TEAM_NAME, 100);
      return layout({
        subject: `Re: ${tag} ${subject}`,
        heading: `A reply to ${data.reference}`,
        body: html`${paragraph(hello(data.customerName))}${paragraph(multiline(quoted))}${paragraph(signature)}${button('Open your request', data.url)}`,
        text: `${hello(data.customerName)}\n\n${quoted}\n\n${signature}\n\nReply to this mail, or open your request: ${data.url}`,
      });
    }
    case 'resolved':
      return layout({
        subject: `Resolved: ${tag} ${subject}`,
        heading: `${data.reference} is resolved`,
        body: html`${paragraph(hello(data.customerName))}${paragraph('We have marked your request resolved. If something is still wrong, reply within 7 days and it opens again.')}${quoted ? paragraph(multiline(quoted)) : ''}${button('Open your request', data.url)}`,
        text: `${hello(data.customerName)}\n\nWe have marked your request resolved. If something is still wrong, reply within 7 days and it opens again.${quoted ? `\n\n${quoted}` : ''}\n\nYour request: ${data.url}`,
      });
    case 'company-new':
    case 'customer-reply': {
      const who = `${oneLine(data.customerName ?? 'A customer', 100)}${data.customerEmail ? ` <${data.customerEmail}>` : ''}`;
      const heading = data.kind === 'company-new' ? 'A new support request' : `${data.reference}: the customer replied`;
      const lead = data.kind === 'company-new' ? `New request from ${who}.` : `${who} replied.`;
      return layout({
        subject: data.kind === 'company-new' ? `${tag} New request: ${subject}` : `Re: ${tag} ${subject}`,
        heading,
        body: html`${paragraph(lead)}${factsTable(facts)}${paragraph(multiline(quoted))}${button('Open it in the console', data.url)}`,
        text: `${lead}\n\n${factsText(facts)}\n\n${quoted}\n\nOpen it in the console: ${data.url}`,
      });
    }
    case 'sla-warning':
      return layout({
        subject: `${tag} ${data.warning ?? 'SLA warning'}: ${subject}`,
        heading: `${data.reference}: ${data.warning ?? 'SLA warning'}`,
        body: html`${factsTable(facts)}${button('Open it in the console', data.url)}`,
        text: `${factsText(facts)}\n\nOpen it in the console: ${data.url}`,
      });
  }
}
