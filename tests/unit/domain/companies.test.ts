import { describe, expect, it } from 'vitest';
import {
  can,
  COMPANY_ACTIONS,
  COMPANY_RECORD_READS,
  COMPANY_ROLES,
  MAIL_AUDIENCES,
  mailKindOf,
  mailRecipients,
  receivesMail,
  roleRefusal,
  type CompanyAction,
  type CompanyRole,
} from '@/domain/companies';
import { companySearchTokens, searchQueryOf } from '@/domain/search';
import type { MailTemplateName, ProjectMailData, SupportMailData } from '../../../server/mail/templates';

const member = (role: CompanyRole, canApprove = false) => ({ role, canApprove });
/** The roles (without the approve right) that may do an action. */
const allowed = (action: CompanyAction, canApprove = false) =>
  COMPANY_ROLES.filter((role) => can(member(role, canApprove), action));

describe('company roles: who may do what', () => {
  it('when billing records are read or paid, then owner and billing may (the viewer only reads), technical may not', () => {
    expect(allowed('readBilling')).toEqual(['owner', 'billing', 'viewer']);
    expect(allowed('pay')).toEqual(['owner', 'billing']);
    expect(allowed('manageRenewals')).toEqual(['owner', 'billing']);
  });

  it('when support requests and projects are read or written, then owner and technical may (the viewer only reads), billing may not', () => {
    expect(allowed('readSupport')).toEqual(['owner', 'technical', 'viewer']);
    expect(allowed('raiseSupport')).toEqual(['owner', 'technical']);
    expect(allowed('replySupport')).toEqual(['owner', 'technical']);
    expect(allowed('readProjects')).toEqual(['owner', 'technical', 'viewer']);
    expect(allowed('commentProject')).toEqual(['owner', 'technical']);
    expect(allowed('signOff')).toEqual(['owner', 'technical']);
  });

  it('when a quote is accepted or a billed milestone signed off, then only the owner may, or a technical member with the approve right', () => {
    for (const action of ['acceptQuote', 'signOffBilled'] as const) {
      expect(allowed(action)).toEqual(['owner']);
      expect(allowed(action, true)).toEqual(['owner', 'technical']);
    }
    expect(allowed('readQuotes')).toEqual(['owner', 'billing', 'viewer']);
    expect(allowed('readQuotes', true)).toEqual(['owner', 'billing', 'technical', 'viewer']);
  });

  it('when the approve right is given to a billing member or a viewer, then it grants them nothing', () => {
    for (const role of ['billing', 'viewer'] as const) {
      expect(can(member(role, true), 'acceptQuote')).toBe(false);
      expect(can(member(role, true), 'signOffBilled')).toBe(false);
    }
  });

  it('when the company itself is managed, then only the owner may; every member reads the names and the services', () => {
    expect(allowed('manageMembers')).toEqual(['owner']);
    expect(allowed('manageCompany')).toEqual(['owner']);
    expect(allowed('readCompanyDetails')).toEqual(['owner']);
    expect(allowed('readMembers')).toEqual([...COMPANY_ROLES]);
    expect(allowed('readServices')).toEqual([...COMPANY_ROLES]);
  });

  it('when someone is no member (null), then they may do nothing', () => {
    for (const action of Object.keys(COMPANY_ACTIONS) as CompanyAction[]) expect(can(null, action)).toBe(false);
  });

  it('when a role may not, then the refusal names the company, the role and what it cannot do (and the approve right when that is what is missing)', () => {
    expect(roleRefusal('Verma Textiles', member('billing'), 'raiseSupport')).toBe(
      'Your role in Verma Textiles (Billing) cannot open support requests.',
    );
    expect(roleRefusal('Verma Textiles', member('technical'), 'acceptQuote')).toBe(
      'Your role in Verma Textiles (Technical) cannot accept quotes without the approve right. Ask the owner for it.',
    );
    expect(roleRefusal('', member('viewer'), 'pay')).toBe('Your role in this company (Viewer) cannot pay invoices.');
  });

  it('when a record kind is read, then its action is one of the table', () => {
    for (const action of Object.values(COMPANY_RECORD_READS)) expect(COMPANY_ACTIONS).toHaveProperty(action);
  });
});

describe('mail by role', () => {
  // Every template and every kind the templates have: adding one without its line here fails the typecheck.
  const TEMPLATES: Record<MailTemplateName, true> = {
    'enquiry-ack': true,
    'enquiry-company': true,
    'payment-receipt': true,
    'invoice-issued': true,
    'invoice-cancelled': true,
    'refund-issued': true,
    statement: true,
    'tds-certificate-reminder': true,
    'tds-certificate-rejected': true,
    'account-deleted': true,
    'renewal-reminder': true,
    'renewal-lapsed': true,
    'service-stopped': true,
    news: true,
    'quote-sent': true,
    'quote-response': true,
    support: true,
    project: true,
    booking: true,
    'company-invitation': true,
  };
  const SUPPORT_KINDS: Record<SupportMailData['kind'], true> = {
    ack: true,
    'company-new': true,
    reply: true,
    'customer-reply': true,
    resolved: true,
    'sla-warning': true,
    'review-reply': true,
  };
  const PROJECT_KINDS: Record<ProjectMailData['kind'], true> = {
    ready: true,
    update: true,
    reminder: true,
    deemed: true,
    'contact-link': true,
    'company-comment': true,
    'company-signed-off': true,
    'company-changes': true,
    'company-deemed': true,
  };

  it('when any mail the site sends is looked up, then it has its audience', () => {
    const stored: Array<[string, { kind?: string; audience?: string }]> = [
      ...Object.keys(TEMPLATES)
        .filter(
          (template) => !['support', 'project', 'booking', 'renewal-lapsed', 'service-stopped'].includes(template),
        )
        .map((template): [string, object] => [template, {}]),
      ...Object.keys(SUPPORT_KINDS).map((kind): [string, object] => ['support', { kind }]),
      ...Object.keys(PROJECT_KINDS).map((kind): [string, object] => ['project', { kind }]),
      ...['visitor', 'staff'].flatMap((audience) =>
        ['confirmed', 'reminder'].map((kind): [string, object] => ['booking', { kind, audience }]),
      ),
      ...['customer', 'company'].flatMap((audience) =>
        ['renewal-lapsed', 'service-stopped'].map((template): [string, object] => [template, { audience }]),
      ),
    ];

    for (const [template, data] of stored)
      expect(mailKindOf(template, data), `${template} ${JSON.stringify(data)}`).not.toBeNull();
    expect(mailKindOf('no-such-template')).toBeNull();
  });

  const billing = member('billing');
  const technical = member('technical');
  const owner = member('owner');
  const viewer = member('viewer');
  /** Whether the owner, a billing member, a technical member and a viewer (in that order) get a mail. */
  const whoGets = (kind: Parameters<typeof receivesMail>[0]) =>
    [owner, billing, technical, viewer].map((who) => receivesMail(kind, who));

  it('when billing mails go out, then they reach the owner and billing members, not technical members or viewers', () => {
    for (const kind of [
      'payment-receipt',
      'invoice-issued',
      'invoice-cancelled',
      'refund-issued',
      'renewal-reminder',
    ] as const) {
      expect(whoGets(kind)).toEqual([true, true, false, false]);
    }
  });

  it('when support mails go out, then they reach the requester and the technical members, not billing or the owner who did not raise it', () => {
    const kind = mailKindOf('support', { kind: 'reply' })!;
    expect(receivesMail(kind, technical)).toBe(true);
    expect(receivesMail(kind, owner)).toBe(false);
    expect(receivesMail(kind, owner, { isRequester: true })).toBe(true);
    expect(receivesMail(kind, billing)).toBe(false);
    expect(receivesMail(kind, viewer)).toBe(false);
  });

  it('when a project mail goes out, then the owner gets it too (only they, or an approver, sign off a billed milestone)', () => {
    const kind = mailKindOf('project', { kind: 'ready' })!;
    expect(whoGets(kind)).toEqual([true, false, true, false]);
  });

  it('when a quote is sent, then whoever may accept it gets it: the owner and a technical member with the approve right', () => {
    expect(receivesMail('quote-sent', owner)).toBe(true);
    expect(receivesMail('quote-sent', member('technical', true))).toBe(true);
    expect(receivesMail('quote-sent', technical)).toBe(false);
    expect(receivesMail('quote-sent', billing)).toBe(false);
  });

  describe('the members one mail goes to', () => {
    const people = [
      { uid: 'v1', role: 'viewer', canApprove: false },
      { uid: 't2', role: 'technical', canApprove: false },
      { uid: 'b1', role: 'billing', canApprove: false },
      { uid: 'o1', role: 'owner', canApprove: false },
      { uid: 't1', role: 'technical', canApprove: true },
    ] as const;
    const uids = (picked: ReadonlyArray<{ uid: string }>) => picked.map((person) => person.uid);

    it('when a billing mail goes out, then it picks the owner and billing members, in role order', () => {
      expect(uids(mailRecipients('invoice-issued', people))).toEqual(['o1', 'b1']);
    });

    it('when a support mail goes out, then it picks the requester first (whatever their role), then the technical members by uid', () => {
      expect(uids(mailRecipients('support:reply', people, { requesterUid: 'b1' }))).toEqual(['b1', 't1', 't2']);
      expect(uids(mailRecipients('support:reply', people, { requesterUid: 't2' }))).toEqual(['t2', 't1']);
    });

    it('when nobody the mail is for is a member any more, then the owner gets it rather than nobody', () => {
      const left = people.filter((person) => person.role !== 'technical');
      expect(uids(mailRecipients('support:reply', left, { requesterUid: 'gone' }))).toEqual(['o1']);
    });

    it("when a mail is a person's own, ours or a contact's, then it picks no member", () => {
      for (const kind of ['news', 'enquiry-company', 'project:contact-link'] as const) {
        expect(mailRecipients(kind, people, { requesterUid: 'o1' })).toEqual([]);
      }
    });
  });

  it("when a mail is a person's own or ours, then no member receives it by role", () => {
    for (const kind of ['news', 'account-deleted', 'enquiry-ack', 'support:company-new', 'booking:visitor'] as const) {
      expect(MAIL_AUDIENCES[kind].to).not.toBe('members');
      expect(receivesMail(kind, owner, { isRequester: true })).toBe(false);
    }
  });
});

describe("a company's search words", () => {
  const finds = (tokens: string[], text: string) => {
    const asked = searchQueryOf(text);
    return asked !== null && tokens.includes(asked.token) && asked.others.every((word) => tokens.includes(word));
  };

  it("when staff type the company's name, legal name, GSTIN or any member's name or email, then the company is found", () => {
    const tokens = companySearchTokens(
      { name: 'Verma Textiles', legalName: 'Verma Textiles Private Limited', gstin: '29ABCDE1234F1Z5' },
      [
        { name: 'Asha Verma', email: 'asha@vermatextiles.in' },
        { name: 'Ravi Kumar', email: 'ravi.k@consultants.example' },
      ],
    );

    expect(finds(tokens, 'verma textiles')).toBe(true);
    expect(finds(tokens, '29abcde1234f1z5')).toBe(true);
    expect(finds(tokens, 'Ravi')).toBe(true);
    expect(finds(tokens, 'ravi.k@consultants.example')).toBe(true);
    expect(finds(tokens, 'consul')).toBe(true);
    expect(finds(tokens, 'meera')).toBe(false);
  });

  it('when a company has fifty members, then every whole name and address word is still a token', () => {
    const members = Array.from({ length: 50 }, (_, index) => ({
      name: `Member${index} Surname${index}`,
      email: `member${index}@company${index}.in`,
    }));
    const tokens = companySearchTokens({ name: 'Big Co', legalName: '', gstin: '' }, members);

    expect(tokens.length).toBeLessThanOrEqual(300);
    expect(finds(tokens, 'member49 surname49')).toBe(true);
    expect(finds(tokens, 'company49')).toBe(true);
  });
});
