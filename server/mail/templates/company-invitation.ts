import { COMPANY } from '../../../src/domain/company';
import { formatIstDateTime } from '../../../src/domain/dates';
import { membershipNotice } from '../../../src/domain/company-members';
import { button, factsTable, factsText, html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface CompanyInvitationData {
  /** The company's name as its members see it. */
  companyName: string;
  recipientName: string | null;
  /** Who invited them: the owner's name, or 'Nimbus team' for staff. */
  inviterName: string;
  /** 'Technical (may approve)'. */
  roleLabel: string;
  /** What the role may do. */
  roleDescription: string;
  /** The address invited (the account that accepts must have it). */
  email: string;
  /** ISO time the link stops working. */
  expiresAt: string;
  /** Which link to put in the mail; the link itself is made when the mail is sent (a bearer token). */
  inviteLink: { companyId: string; invitationId: string; linkNo: number };
}

/**
 * An invitation to join a company's account: who invited, as what, until when; a button to the
 * accept page (signed in with the invited address, or a new account made with it), and what the
 * company will see about the member.
 */
export function companyInvitation(data: CompanyInvitationData, context: { inviteUrl?: string } = {}): RenderedMail {
  const company = oneLine(data.companyName, 200) || 'a company';
  const inviter = oneLine(data.inviterName, 100) || 'Someone';
  const url = context.inviteUrl ?? '';
  const until = formatIstDateTime(new Date(data.expiresAt));
  const intro = `${inviter} invited you to join ${company}'s account at ${COMPANY.name}, as ${data.roleLabel}.`;
  const facts: Array<[string, string]> = [
    ['Company', company],
    ['Your role', `${data.roleLabel}: ${data.roleDescription}`],
    ['Invited address', data.email],
    ['Link works until', until],
  ];
  const how = `The button opens the invitation on our website. Accept it signed in with ${data.email}, or create an account with that address there. The link works once.`;
  const notice = membershipNotice(company);
  const ignore = 'If you did not expect this, ignore this mail: nothing happens unless you accept.';
  return layout({
    subject: `${inviter} invited you to ${company} on ${COMPANY.name}`,
    heading: data.recipientName ? `Hello ${oneLine(data.recipientName, 100)},` : 'Hello,',
    body: html`${paragraph(intro)}${factsTable(facts)}${button('Accept the invitation', url)}${paragraph(how)}${notice.map((line) => paragraph(line))}${paragraph(ignore)}`,
    text: `${intro}\n\n${factsText(facts)}\n\nAccept the invitation: ${url}\n\n${how}\n\n${notice.join('\n\n')}\n\n${ignore}`,
  });
}
