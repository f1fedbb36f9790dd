/**
 * Company accounts: a customer is a company (what is the business's: its details, services,
 * quotes, projects, proformas, tax documents, payments, support requests), and a person is a login
 * that is a member of one or more companies with a role. The company's id is its founding
 * customer's uid, so every record already keyed by that uid (the stored field stays `uid`) is the
 * company's. This module is the one table of who may do what, used by the API
 * (server/companies/access.ts), the pages and, spelled out again, by firestore.rules (a unit test
 * keeps the two equal).
 */

export const COMPANY_ROLES = ['owner', 'billing', 'technical', 'viewer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

/** A role as people read it ("Your role in Verma Textiles (Billing) ..."). */
export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  owner: 'Owner',
  billing: 'Billing',
  technical: 'Technical',
  viewer: 'Viewer',
};

export const isCompanyRole = (value: unknown): value is CompanyRole =>
  typeof value === 'string' && (COMPANY_ROLES as readonly string[]).includes(value);

/** Who someone is in one company. `canApprove` is the owner's gift to a technical member (accept quotes, sign off billed milestones). */
export interface CompanyMembership {
  companyId: string;
  uid: string;
  role: CompanyRole;
  canApprove: boolean;
}

/** The header a request names its acting company with (default: the person's own company, their uid). */
export const COMPANY_HEADER = 'X-Company-Id';

/**
 * Everything a member may do in a company, each with the roles that may, and (for the approve
 * right) the roles that may only with `canApprove`. `doing` finishes "Your role in X (Billing) cannot …".
 */
interface ActionRule {
  roles: readonly CompanyRole[];
  /** Roles that may only when the owner gave them the approve right. */
  withApprove?: readonly CompanyRole[];
  doing: string;
}

const BILLING_READERS = ['owner', 'billing', 'viewer'] as const;
const WORK_READERS = ['owner', 'technical', 'viewer'] as const;
const WORKERS = ['owner', 'technical'] as const;

export const COMPANY_ACTIONS = {
  // Invoices and proformas, orders, pay links, payments, receipts and tax documents, renewals, statements.
  readBilling: { roles: BILLING_READERS, doing: 'see invoices, payments and tax documents' },
  pay: { roles: ['owner', 'billing'], doing: 'pay invoices' },
  /** Stop or restart a service renewing, answer a renewal. */
  manageRenewals: { roles: ['owner', 'billing'], doing: 'change renewals' },
  /** Whether the company's proformas need a PO number, and its vendor code with us. */
  managePurchaseOrders: { roles: ['owner', 'billing'], doing: 'change the purchase-order rules' },
  // Quotes.
  readQuotes: { roles: BILLING_READERS, withApprove: ['technical'], doing: 'see quotes' },
  /** Accept, decline or ask for changes. */
  acceptQuote: { roles: ['owner'], withApprove: ['technical'], doing: 'accept quotes' },
  // Support requests, their messages and files.
  readSupport: { roles: WORK_READERS, doing: 'see support requests' },
  raiseSupport: { roles: WORKERS, doing: 'open support requests' },
  replySupport: { roles: WORKERS, doing: 'reply to support requests' },
  // Projects, their timeline and files.
  readProjects: { roles: WORK_READERS, doing: 'see projects' },
  commentProject: { roles: WORKERS, doing: 'comment on projects' },
  /** Sign off (or ask for changes to) a milestone that bills nothing. */
  signOff: { roles: WORKERS, doing: 'sign off milestones' },
  /** Sign off (or ask for changes to) a milestone whose sign-off issues an invoice. */
  signOffBilled: { roles: ['owner'], withApprove: ['technical'], doing: 'sign off billed milestones' },
  /** Add or revoke a project's contacts (colleagues without a login), renew their links, name who pays. */
  manageProjectContacts: { roles: ['owner'], doing: "manage a project's contacts" },
  // Services (maintenance plans).
  readServices: { roles: COMPANY_ROLES, doing: 'see services' },
  // The company itself.
  readMembers: { roles: COMPANY_ROLES, doing: 'see the members' },
  /** Its details (legal name, GSTIN, address, PO rules), members' e-mails, invitations. */
  readCompanyDetails: { roles: ['owner'], doing: "see the company's details" },
  manageCompany: { roles: ['owner'], doing: "change the company's details" },
  manageMembers: { roles: ['owner'], doing: 'manage members' },
} as const satisfies Record<string, ActionRule>;

export type CompanyAction = keyof typeof COMPANY_ACTIONS;

/** Whether a member may do `action` (no membership: nothing). Pure: the role and the approve right decide. */
export function can(membership: Pick<CompanyMembership, 'role' | 'canApprove'> | null, action: CompanyAction): boolean {
  if (!membership) return false;
  const rule: ActionRule = COMPANY_ACTIONS[action];
  if (rule.roles.includes(membership.role)) return true;
  return membership.canApprove === true && (rule.withApprove ?? []).includes(membership.role);
}

/** The roles that may do `action`, and those that may with the approve right. */
export function rolesFor(action: CompanyAction): { roles: CompanyRole[]; withApprove: CompanyRole[] } {
  const rule: ActionRule = COMPANY_ACTIONS[action];
  return { roles: [...rule.roles], withApprove: [...(rule.withApprove ?? [])] };
}

/** Why a member may not: "Your role in Verma Textiles (Billing) cannot open support requests." */
export function roleRefusal(
  companyName: string,
  membership: Pick<CompanyMembership, 'role' | 'canApprove'>,
  action: CompanyAction,
): string {
  const rule: ActionRule = COMPANY_ACTIONS[action];
  const needsApprove = !membership.canApprove && (rule.withApprove ?? []).includes(membership.role);
  const name = companyName.trim() || 'this company';
  return `Your role in ${name} (${COMPANY_ROLE_LABELS[membership.role]}) cannot ${rule.doing}${
    needsApprove ? ' without the approve right. Ask the owner for it' : ''
  }.`;
}

/** What a person who is not a member of a company is told: the same as for a company that does not exist. */
export const COMPANY_NOT_FOUND = 'Company not found.';

/**
 * The records of a company and the action that reads each: the rules (firestore.rules) and the
 * API answer the same. Pay links, payments, receipts and tax documents are read through the API only.
 */
export const COMPANY_RECORD_READS = {
  invoices: 'readBilling',
  orders: 'readBilling',
  renewals: 'readBilling',
  payLinks: 'readBilling',
  payments: 'readBilling',
  taxDocuments: 'readBilling',
  statements: 'readBilling',
  quotes: 'readQuotes',
  supportRequests: 'readSupport',
  supportMessages: 'readSupport',
  supportFiles: 'readSupport',
  projects: 'readProjects',
  projectTimeline: 'readProjects',
  projectFiles: 'readProjects',
  services: 'readServices',
  members: 'readMembers',
  companyDetails: 'readCompanyDetails',
  invitations: 'manageMembers',
} as const satisfies Record<string, CompanyAction>;

export type CompanyRecord = keyof typeof COMPANY_RECORD_READS;

// ---- mail by role ----------------------------------------------------------------------------

/**
 * Whom a mail goes to:
 * - `members`: the company's members in `roles` (and, for roles in `withApprove`, those with the
 *   approve right), plus the person who raised the thing (`requester`) whatever their role. One
 *   outbox entry per cause, addressed at send time (a member removed since gets nothing);
 * - `person`: one person's own address, whatever company (news with their consent, their account's
 *   deletion, the address typed in a form, a consultation's visitor);
 * - `us`: our own side (COMPANY_EMAIL, or the member of staff who takes a call);
 * - `contact`: a project's contact (no login), by their signed link.
 */
export type MailAudience =
  | { to: 'members'; roles: readonly CompanyRole[]; withApprove: readonly CompanyRole[]; requester: boolean }
  | { to: 'person' }
  | { to: 'us' }
  | { to: 'contact' };

const members = (
  roles: readonly CompanyRole[],
  { requester = false, withApprove = [] as readonly CompanyRole[] } = {},
): MailAudience => ({ to: 'members', roles, withApprove, requester });

/** Billing: what is paid or to pay goes to those who pay and the owner. */
const BILLING_MAIL = members(['owner', 'billing']);
/** Support: to who raised the request and the technical members (the owner when they raised it). */
const SUPPORT_MAIL = members(['technical'], { requester: true });
/**
 * A project: to its requester and the technical members, and the owner, who alone (with an
 * approver) can sign off a billed milestone: a review nobody able to sign off hears of would wait
 * for the deemed acceptance.
 */
const PROJECT_MAIL = members(['owner', 'technical'], { requester: true });
const PERSON: MailAudience = { to: 'person' };
const US: MailAudience = { to: 'us' };

/**
 * Every mail kind the site sends (README "Mail"; server/mail/templates): a template, or
 * `template:kind` / `template:audience` for a template that has several (see mailKindOf).
 * tests/unit/domain/companies.test.ts checks that every template and kind has its line.
 */
export const MAIL_AUDIENCES = {
  'enquiry-ack': PERSON,
  'enquiry-company': US,
  'payment-receipt': BILLING_MAIL,
  /** An invoice or proforma staff issued, a renewal invoice, a quote milestone's proforma. */
  'invoice-issued': BILLING_MAIL,
  'invoice-cancelled': BILLING_MAIL,
  'refund-issued': BILLING_MAIL,
  /** A statement of account (staff's, and the monthly one): to those who pay. */
  statement: BILLING_MAIL,
  /** TDS certificates awaited after a quarter's certificate date, and one staff sent back: to those who pay. */
  'tds-certificate-reminder': BILLING_MAIL,
  'tds-certificate-rejected': BILLING_MAIL,
  /** To whoever may accept it: the owner, and a technical member with the approve right. */
  'quote-sent': members(['owner'], { withApprove: ['technical'] }),
  'quote-response': US,
  'renewal-reminder': BILLING_MAIL,
  'renewal-lapsed:customer': BILLING_MAIL,
  'renewal-lapsed:company': US,
  /**
   * A service stopped: billing and the owner, and the technical members, whose support under the
   * plan ends with it.
   */
  'service-stopped:customer': members(['owner', 'billing', 'technical']),
  'service-stopped:company': US,
  'account-deleted': PERSON,
  /** News stays per person: each member's own consent. */
  news: PERSON,
  'support:ack': SUPPORT_MAIL,
  'support:reply': SUPPORT_MAIL,
  'support:resolved': SUPPORT_MAIL,
  'support:company-new': US,
  'support:customer-reply': US,
  'support:sla-warning': US,
  /** Staff's one answer to whoever sent a mail that waited for review: that address, no company's. */
  'support:review-reply': PERSON,
  'project:ready': PROJECT_MAIL,
  'project:update': PROJECT_MAIL,
  'project:reminder': PROJECT_MAIL,
  'project:deemed': PROJECT_MAIL,
  'project:contact-link': { to: 'contact' },
  'project:company-comment': US,
  'project:company-signed-off': US,
  'project:company-changes': US,
  'project:company-deemed': US,
  /** Consultations are a person's (the visitor who booked), not a company's. */
  'booking:visitor': PERSON,
  'booking:staff': US,
  /** An invitation to join a company: the address the owner (or staff) typed. */
  'company-invitation': PERSON,
} as const satisfies Record<string, MailAudience>;

export type MailKind = keyof typeof MAIL_AUDIENCES;

/** A stored mail's kind: its template, refined by its data's `kind` or `audience`; null for none we know. */
export function mailKindOf(template: string, data: { kind?: unknown; audience?: unknown } = {}): MailKind | null {
  const candidates = [`${template}:${String(data.kind)}`, `${template}:${String(data.audience)}`, template];
  return (candidates.find((candidate) => Object.hasOwn(MAIL_AUDIENCES, candidate)) as MailKind | undefined) ?? null;
}

/** Whether a member (by role and approve right) is one of a mail kind's recipients; the requester always is. */
export function receivesMail(
  kind: MailKind,
  member: Pick<CompanyMembership, 'role' | 'canApprove'>,
  { isRequester = false }: { isRequester?: boolean } = {},
): boolean {
  const audience: MailAudience = MAIL_AUDIENCES[kind];
  if (audience.to !== 'members') return false;
  if (audience.requester && isRequester) return true;
  return audience.roles.includes(member.role) || (member.canApprove && audience.withApprove.includes(member.role));
}

/** A member as company mail picks them: who they are and their role in the company. */
export type MailMember = Pick<CompanyMembership, 'uid' | 'role' | 'canApprove'>;

/**
 * The members a company's mail of `kind` goes to, picked from its members as they are now: those
 * receivesMail names (the requester whatever their role), in a fixed order (the requester, then by
 * role as COMPANY_ROLES lists them, then by uid) so every attempt at one mail walks the same list.
 * When none of them is a member (a request whose requester has left a company with no technical
 * member), the owner, who answers for the company: a mail nobody receives would be lost. Nobody
 * for a kind that is not a company's (a person's own mail, ours, a contact's).
 */
export function mailRecipients<M extends MailMember>(
  kind: MailKind,
  members: readonly M[],
  { requesterUid = null }: { requesterUid?: string | null } = {},
): M[] {
  if (MAIL_AUDIENCES[kind].to !== 'members') return [];
  const rank = (member: M) => (member.uid === requesterUid ? -1 : COMPANY_ROLES.indexOf(member.role));
  const sorted = [...members].sort((a, b) => rank(a) - rank(b) || (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0));
  const picked = sorted.filter((member) => receivesMail(kind, member, { isRequester: member.uid === requesterUid }));
  return picked.length > 0 ? picked : sorted.filter((member) => member.role === 'owner');
}
