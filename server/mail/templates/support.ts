import { OUT_OF_PLAN_WAY_BACK, SUPPORT_TEAM_NAME } from '../../../src/domain/support';
import { button, factsTable, factsText, html, layout, multiline, oneLine, paragraph } from './layout';
import type { RenderedMail } from './layout';

/**
 * The mails of a support request. Every subject carries the request's reference ('[SR-000123]'),
 * and the customer's mails come from a signed reply address, so replying to any of them threads.
 */
export interface SupportMailData {
  /** 'review-reply': staff's one plain answer to the sender of a mail that waited for review. */
  kind: 'ack' | 'company-new' | 'reply' | 'customer-reply' | 'resolved' | 'sla-warning' | 'review-reply';
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
  /** A staff reply's files (kept on the request's page, named in the mail). */
  files?: Array<{ name: string; size: number }>;
  /**
   * The acknowledgement of an out-of-plan request: the renewal whose pay link brings it back into
   * plan ("Renew now"); the link itself is made when the mail is sent (a bearer token, never stored).
   * Without one, the way back is a quote, asked for on the request's page.
   */
  payLink?: { uid: string; type: 'invoice'; docId: string } | null;
}

/** What a mail is rendered with besides its data (see RenderContext). */
export interface SupportMailLinks {
  payUrl?: string;
}

const hello = (name: string | null) => (name ? `Hello ${oneLine(name, 100)},` : 'Hello,');

/** Whether a message starts by greeting (staff often write 'Hi Asha,'): then the mail adds no greeting of its own. */
export function opensWithGreeting(body: string): boolean {
  const first = body.trim().split('\n', 1)[0] ?? '';
  return /^(hello|hi|hey|dear|good (morning|afternoon|evening|day)|greetings|namaste|namaskar|namaskaram|vanakkam)\b/i.test(
    first,
  );
}

/** A file's size as the request page shows it: '12 KB', '3.4 MB'. */
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** A staff reply's files, named: the mail carries none itself (they are on the request's page). */
function filesSentence(files: SupportMailData['files']): string | null {
  if (!files?.length) return null;
  const names = files.map((file) => `${oneLine(file.name, 120)} (${sizeText(file.size)})`).join(', ');
  return files.length === 1
    ? `Attached to this reply: ${names}. Open your request to download it.`
    : `Attached to this reply: ${names}. Open your request to download them.`;
}

export function supportMail(data: SupportMailData, { payUrl }: SupportMailLinks = {}): RenderedMail {
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
      if (!data.firstReplyDue && (data.outOfPlan || !data.tier)) return outOfPlanAck(data, plan, payUrl);
      const promise = data.firstReplyDue ? ` We will reply by ${data.firstReplyDue}.` : '';
      const intro = `We have your request ${data.reference}${data.tier ? ` under your ${plan} plan` : ''}.${promise} Reply to this mail to add anything.`;
      return layout({
        subject: `${tag} ${subject}`,
        heading: 'We have your request',
        body: html`${paragraph(hello(data.customerName))}${paragraph(intro)}${factsTable(facts)}${button('Open your request', data.url)}`,
        text: `${hello(data.customerName)}\n\n${intro}\n\n${factsText(facts)}\n\nYour request: ${data.url}`,
      });
    }
    case 'reply': {
      const signature = oneLine(data.authorName ?? SUPPORT_TEAM_NAME, 100);
      // One greeting: the staff member's own when their reply opens with one.
      const greeting = opensWithGreeting(quoted) ? null : hello(data.customerName);
      const files = filesSentence(data.files);
      return layout({
        subject: `Re: ${tag} ${subject}`,
        heading: `A reply to ${data.reference}`,
        body: html`${greeting ? paragraph(greeting) : ''}${paragraph(multiline(quoted))}${paragraph(signature)}${files ? paragraph(files) : ''}${button('Open your request', data.url)}`,
        text: `${greeting ? `${greeting}\n\n` : ''}${quoted}\n\n${signature}${files ? `\n\n${files}` : ''}\n\nReply to this mail, or open your request: ${data.url}`,
      });
    }
    case 'review-reply': {
      const signature = oneLine(data.authorName ?? SUPPORT_TEAM_NAME, 100);
      return layout({
        subject: /^re:/i.test(subject) ? subject : `Re: ${subject || 'your mail'}`,
        heading: 'An answer to your mail',
        body: html`${paragraph(multiline(quoted))}${paragraph(signature)}`,
        text: `${quoted}\n\n${signature}`,
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

/**
 * The acknowledgement of a request no plan covers, in whole sentences: why, that we still read it,
 * and the way back into plan: "Renew now" with the renewal's pay link when there is one, else "Ask
 * for a quote" on the request's page (its form starts from the request).
 */
function outOfPlanAck(data: SupportMailData, plan: string, payUrl: string | undefined): RenderedMail {
  const reason = data.outOfPlan ?? 'This request is not covered by a maintenance plan.';
  const wayBack = payUrl ? OUT_OF_PLAN_WAY_BACK.renew : OUT_OF_PLAN_WAY_BACK.quote;
  const intro = `We have your request ${data.reference}. ${reason} ${OUT_OF_PLAN_WAY_BACK.meanwhile}`;
  const facts: Array<[string, string]> = [
    ['Request', data.reference],
    ['About', plan],
  ];
  const action = payUrl
    ? { label: 'Renew now', href: payUrl, text: `Renew now: ${payUrl}` }
    : { label: 'Ask for a quote', href: data.url, text: `Ask for a quote on your request's page: ${data.url}` };
  return layout({
    subject: `[${data.reference}] ${oneLine(data.subject, 150)}`,
    heading: 'We have your request',
    body: html`${paragraph(hello(data.customerName))}${paragraph(intro)}${paragraph(wayBack)}${button(action.label, action.href)}${paragraph('Reply to this mail to add anything.')}${factsTable(facts)}${payUrl ? button('Open your request', data.url) : ''}`,
    text: `${hello(data.customerName)}\n\n${intro}\n\n${wayBack}\n${action.text}\n\nReply to this mail to add anything.\n\n${factsText(facts)}${payUrl ? `\n\nYour request: ${data.url}` : ''}`,
  });
}
