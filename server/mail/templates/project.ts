import {
  button,
  factsTable,
  factsText,
  FONT,
  html,
  layout,
  MAIL_COLOURS,
  multiline,
  oneLine,
  paragraph,
  type RenderedMail,
  type SafeHtml,
} from './layout';

/**
 * The mails of a project: to its customer and contacts (a milestone ready for review, an update,
 * the sign-off reminder, a deemed acceptance, a contact's link) and to the company (a comment, a
 * sign-off, changes asked for, a deemed acceptance). Every subject carries the project's title,
 * and every mail of a project answers the ones before it (In-Reply-To / References).
 */
export interface ProjectMailData {
  kind:
    | 'ready'
    | 'update'
    | 'reminder'
    | 'deemed'
    | 'contact-link'
    | 'company-comment'
    | 'company-signed-off'
    | 'company-changes'
    | 'company-deemed';
  projectTitle: string;
  /** Whom it greets (null: 'Hello,'). */
  recipientName: string | null;
  /** Who did it (a comment's author, who signed off). */
  actorName?: string | null;
  milestone?: string | null;
  body?: string | null;
  /** What a deemed acceptance or sign-off issued. */
  invoiceNumber?: string | null;
  /** The sign-off deadline, in words. */
  dueBy?: string | null;
  /**
   * What the mail announces: a milestone's deliverables (ready, reminder), an update's links and
   * files. A link is given with its address; a file is downloaded from the project's page.
   */
  items?: Array<{ name: string; url: string | null }> | null;
  /** The page: the customer's /projects/{id} or the console's; a contact's is their signed link (projectLink). */
  url: string | null;
  /** A contact's signed link, made when the mail is sent (a bearer token: never stored). */
  projectLink?: { projectId: string; contactId: string; linkNo: number } | null;
}

const hello = (name: string | null) => (name ? `Hello ${oneLine(name, 100)},` : 'Hello,');

/** Only a web address is ever made a link (staff typed it; the API takes http and https only). */
const webUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/** The announced deliverables, links and files: a heading and one line each, for both parts. */
function itemsOf(items: ProjectMailData['items'], heading: string): { html: SafeHtml | ''; text: string } {
  const list = (items ?? []).slice(0, 20).map((item) => ({ name: oneLine(item.name, 150), url: webUrl(item.url) }));
  if (list.length === 0) return { html: '', text: '' };
  const fileNote = 'a file: download it from the project page';
  return {
    html: html`${paragraph(html`<strong>${heading}</strong>`)}
      <ul style="${FONT};font-size:15px;line-height:1.5;color:${MAIL_COLOURS.text};margin:0 0 14px;padding-left:20px">
        ${list.map(
          (item) =>
            html`<li>
              ${
                item.url
                  ? html`<a href="${item.url}" style="color:${MAIL_COLOURS.brandInk}">${item.name}</a> (${item.url})`
                  : html`${item.name} (${fileNote})`
              }
            </li>`,
        )}
      </ul>`,
    text: `${heading}\n${list.map((item) => `- ${item.name}${item.url ? `: ${item.url}` : ` (${fileNote})`}`).join('\n')}`,
  };
}

export function projectMail(data: ProjectMailData, { projectUrl }: { projectUrl?: string } = {}): RenderedMail {
  const title = oneLine(data.projectTitle, 150);
  const url = projectUrl ?? data.url ?? '';
  const milestone = data.milestone ? oneLine(data.milestone, 120) : '';
  const body = (data.body ?? '').replace(/\r\n?/g, '\n');
  const actor = oneLine(data.actorName ?? 'Someone', 100);
  const facts: Array<[string, string]> = [
    ['Project', title],
    ...(milestone ? [['Milestone', milestone] as [string, string]] : []),
    ...(data.invoiceNumber ? [['Invoice', data.invoiceNumber] as [string, string]] : []),
    ...(data.dueBy ? [['Sign off by', data.dueBy] as [string, string]] : []),
  ];
  let subject: string;
  let heading: string;
  let lead: string;
  let action = 'Open the project';
  switch (data.kind) {
    case 'ready':
      subject = `Ready for your review: ${milestone} (${title})`;
      heading = `${milestone} is ready for your review`;
      lead = `Please look at what we delivered for ${milestone}, then sign it off or tell us what to change.`;
      action = 'Review and sign off';
      break;
    case 'update':
      subject = `Update: ${title}`;
      heading = 'A progress update';
      lead = 'Here is where your project stands.';
      break;
    case 'reminder':
      subject = `Reminder: ${milestone} is waiting for your sign-off (${title})`;
      heading = `${milestone} is waiting for your sign-off`;
      lead = `If you neither sign it off nor ask for changes by ${data.dueBy ?? 'the date below'}, it is deemed accepted, as our Terms say.`;
      action = 'Review and sign off';
      break;
    case 'deemed':
      subject = `Deemed accepted: ${milestone} (${title})`;
      heading = `${milestone} is deemed accepted`;
      lead = `Nobody signed off ${milestone} or asked for changes within the sign-off period, so it is deemed accepted, as our Terms say.${data.invoiceNumber ? ` Its invoice ${data.invoiceNumber} follows in a separate mail.` : ''}`;
      break;
    case 'contact-link':
      subject = `You have been added to the project ${title}`;
      heading = 'Follow the project';
      lead = `${actor} added you to the project ${title}. This link opens it without an account for 30 days: you can read its updates, comment and sign off milestones.`;
      break;
    case 'company-comment':
      subject = `Comment: ${title}`;
      heading = `${actor} commented`;
      lead = `${actor} commented on ${milestone || 'the project'}.`;
      action = 'Open it in the console';
      break;
    case 'company-signed-off':
      subject = `Signed off: ${milestone} (${title})`;
      heading = `${milestone} is signed off`;
      lead = `${actor} signed off ${milestone}.${data.invoiceNumber ? ` Its invoice ${data.invoiceNumber} was issued and mailed to the customer.` : ''}`;
      action = 'Open it in the console';
      break;
    case 'company-changes':
      subject = `Changes requested: ${milestone} (${title})`;
      heading = `Changes requested on ${milestone}`;
      lead = `${actor} asked for changes to ${milestone}. It is back In progress.`;
      action = 'Open it in the console';
      break;
    case 'company-deemed':
      subject = `Deemed accepted: ${milestone} (${title})`;
      heading = `${milestone} is deemed accepted`;
      lead = `The sign-off period passed without an answer, so ${milestone} is deemed accepted.${data.invoiceNumber ? ` Its invoice ${data.invoiceNumber} was issued and mailed to the customer.` : ''}`;
      action = 'Open it in the console';
      break;
  }
  const greeting = data.kind.startsWith('company-') ? '' : hello(data.recipientName);
  const items = itemsOf(data.items, data.kind === 'update' ? 'Attached:' : 'What to review:');
  return layout({
    subject,
    heading,
    body: html`${greeting ? paragraph(greeting) : ''}${paragraph(lead)}${factsTable(facts)}${body ? paragraph(multiline(body)) : ''}${items.html}${url ? button(action, url) : ''}`,
    text: `${greeting ? `${greeting}\n\n` : ''}${lead}\n\n${factsText(facts)}${body ? `\n\n${body}` : ''}${items.text ? `\n\n${items.text}` : ''}${url ? `\n\n${action}: ${url}` : ''}`,
  });
}
