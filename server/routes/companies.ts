import { Router, type Request, type RequestHandler } from 'express';
import { z } from 'zod';
import { COMPANY_ROLE_LABELS } from '../../src/domain/companies';
import {
  COMPANY_MEMBER_MESSAGES as MESSAGES,
  invitationSchema,
  memberRoleSchema,
  transferSchema,
  INVITATIONS_PER_HOUR,
  type Invitation,
} from '../../src/domain/company-members';
import { deleteCompany } from '../account/delete-company';
import type { AppDeps } from '../app-deps';
import { actorOf, authenticate, requireStaff } from '../auth';
import { requireCompanyRole } from '../companies/access';
import { ensureCompany, myCompanies } from '../companies/companies';
import {
  acceptInvitation,
  invitedOrMemberEmails,
  inviteMember,
  resendInvitation,
  revokeInvitation,
  viewInvitation,
  type InvitationsContext,
} from '../companies/invitations';
import {
  changeMemberRole,
  leaveCompany,
  markNoticeSeen,
  removeMember,
  transferOwnership,
  type CompanyActor,
} from '../companies/members';
import { companyView } from '../companies/view';
import { HttpError } from '../errors';
import { companyProjectContact, companyProjectContacts } from '../projects/company-contacts';
import { perHour, perMinute } from './rate-limits';

export const INVITATION_RATE_LIMIT_MESSAGE = 'Too many requests for invitations. Please wait a minute and try again.';

const idParam = (message: string) => (value: unknown) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/, message)
    .parse(value);
const companyParam = idParam('Company not found.');
const memberParam = idParam(MESSAGES.noSuchMember);
const invitationParam = idParam(MESSAGES.noSuchInvitation);

/**
 * Company accounts:
 * - `GET /api/companies/mine`: the signed-in person's companies, each with its id, name and their
 *   role in it (and the approve right), their own company first. Founds their own company from
 *   their profile the first time (a new sign-up; see ensureCompany). Only their own: the uid comes
 *   from the verified ID token.
 * - the owner's `/api/companies/{id}/…` (invitations, members' roles, removal, transfer, project
 *   contacts to invite, deletion), a member's `leave` and `notice`; each checks the caller's role
 *   (requireCompanyRole: a non-member gets the 404 of a company that does not exist);
 * - the invitee's `/api/company-invitations/{token}` (what it invites to; accept), rate-limited per
 *   IP, any link that opens no waiting invitation a plain 404;
 * - staff's `/api/staff/companies/{id}/…`: the owner's changes, from the console.
 * Every change is audited (server/companies/members.ts, invitations.ts).
 */
export function companiesRouter(deps: AppDeps): Router {
  const router = Router();
  const { auth, db } = deps.firebase;
  const signedIn = authenticate(auth, { required: true });
  const ctx: InvitationsContext = { db, auth, linkSecret: deps.config.payLinkSecret };
  const invitationMails = perHour(deps, 'company-invitations', INVITATIONS_PER_HOUR, MESSAGES.tooManyInvitations);

  router.get('/api/companies/mine', signedIn, async (req, res) => {
    const memberships = await myCompanies(db, actorOf(req.user!));
    res.json({
      companies: memberships.map((membership) => ({
        companyId: membership.companyId,
        name: membership.companyName,
        role: membership.role,
        roleLabel: COMPANY_ROLE_LABELS[membership.role],
        canApprove: membership.canApprove,
      })),
    });
  });

  /** An invitation as the owner (or staff) typed it, or made from a project contact of the company. */
  async function invitationOf(companyId: string, body: unknown): Promise<Invitation> {
    const input = invitationSchema.parse(body ?? {});
    if (!input.fromContact) return input;
    const contact = await companyProjectContact(db, companyId, input.fromContact);
    return { ...input, email: contact.email.toLowerCase(), name: input.name || contact.name };
  }

  /** The routes the owner and staff share: `base` is the company's path, `actorFor` checks and names the caller. */
  function managing(
    base: string,
    guard: RequestHandler[],
    actorFor: (req: Request, companyId: string) => Promise<CompanyActor>,
  ) {
    router.post(`${base}/invitations`, ...guard, async (req, res) => {
      const companyId = companyParam(req.params.companyId);
      const actor = await actorFor(req, companyId);
      const input = await invitationOf(companyId, req.body);
      await invitationMails.count(actor.uid);
      res.status(201).json(await inviteMember(ctx, companyId, input, actor));
    });
    router.post(`${base}/invitations/:invitationId/resend`, ...guard, async (req, res) => {
      const companyId = companyParam(req.params.companyId);
      const actor = await actorFor(req, companyId);
      await invitationMails.count(actor.uid);
      res.json(await resendInvitation(ctx, companyId, invitationParam(req.params.invitationId), actor));
    });
    router.post(`${base}/invitations/:invitationId/revoke`, ...guard, async (req, res) => {
      const companyId = companyParam(req.params.companyId);
      const actor = await actorFor(req, companyId);
      res.json(await revokeInvitation(ctx, companyId, invitationParam(req.params.invitationId), actor));
    });
    router.post(`${base}/members/:uid`, ...guard, async (req, res) => {
      const companyId = companyParam(req.params.companyId);
      const change = memberRoleSchema.parse(req.body ?? {});
      const actor = await actorFor(req, companyId);
      res.json(await changeMemberRole({ db }, companyId, memberParam(req.params.uid), change, actor));
    });
    router.post(`${base}/members/:uid/remove`, ...guard, async (req, res) => {
      const companyId = companyParam(req.params.companyId);
      const actor = await actorFor(req, companyId);
      res.json(await removeMember({ db }, companyId, memberParam(req.params.uid), actor));
    });
    router.post(`${base}/transfer`, ...guard, async (req, res) => {
      const companyId = companyParam(req.params.companyId);
      const transfer = transferSchema.parse(req.body ?? {});
      const actor = await actorFor(req, companyId);
      res.json(await transferOwnership({ db }, companyId, transfer, actor));
    });
    router.get(`${base}/project-contacts`, ...guard, async (req, res) => {
      const companyId = companyParam(req.params.companyId);
      await actorFor(req, companyId);
      const [contacts, taken] = await Promise.all([
        companyProjectContacts(db, companyId),
        invitedOrMemberEmails(db, companyId),
      ]);
      const seen = new Set<string>();
      res.set('Cache-Control', 'private, no-store').json({
        contacts: contacts.filter((contact) => {
          const email = contact.email.toLowerCase();
          if (taken.has(email) || seen.has(email)) return false;
          seen.add(email);
          return true;
        }),
      });
    });
  }

  // A company as its member sees it: names and roles; the owner also e-mails and invitations.
  router.get('/api/companies/:companyId', signedIn, async (req, res) => {
    const companyId = companyParam(req.params.companyId);
    const membership = await requireCompanyRole({ db }, req.user!, companyId, 'readMembers');
    res.set('Cache-Control', 'private, no-store').json(await companyView(db, companyId, { membership }));
  });

  // ---- the owner ------------------------------------------------------------------------------
  const ownerOf = async (req: Request, companyId: string): Promise<CompanyActor> => {
    await requireCompanyRole({ db }, req.user!, companyId, 'manageMembers');
    return { ...actorOf(req.user!), isStaff: false, name: '' };
  };
  managing('/api/companies/:companyId', [signedIn], ownerOf);

  router.post('/api/companies/:companyId/leave', signedIn, async (req, res) => {
    const companyId = companyParam(req.params.companyId);
    await requireCompanyRole({ db }, req.user!, companyId, 'readMembers');
    res.json(await leaveCompany({ db }, companyId, actorOf(req.user!)));
  });
  // The member saw what the company sees about them (the notice at their first visit).
  router.post('/api/companies/:companyId/notice', signedIn, async (req, res) => {
    const companyId = companyParam(req.params.companyId);
    await requireCompanyRole({ db }, req.user!, companyId, 'readMembers');
    await markNoticeSeen({ db }, companyId, req.user!.uid);
    res.json({ seen: true });
  });
  router.post('/api/companies/:companyId/delete', signedIn, async (req, res) => {
    const companyId = companyParam(req.params.companyId);
    await requireCompanyRole({ db }, req.user!, companyId, 'manageMembers');
    const report = await deleteCompany({ db, documents: deps.config.documents }, companyId, req.user!, {
      logger: req.log,
    });
    res.json({ deleted: true, kept: report.kept });
  });

  // ---- the invitee ----------------------------------------------------------------------------
  router.use(
    '/api/company-invitations/:token',
    perMinute(deps, 'company-invitations', deps.config.PAY_LINK_RATE_LIMIT_PER_MINUTE, INVITATION_RATE_LIMIT_MESSAGE),
  );
  router.get('/api/company-invitations/:token', async (req, res) => {
    res.set('Cache-Control', 'private, no-store').json(await viewInvitation(ctx, String(req.params.token)));
  });
  router.post('/api/company-invitations/:token/accept', signedIn, async (req, res) => {
    res.json(await acceptInvitation(ctx, String(req.params.token), req.user!));
  });

  // ---- staff, from the console ----------------------------------------------------------------
  const staffOn = async (req: Request, companyId: string): Promise<CompanyActor> => {
    const actor = actorOf(req.user!);
    if ((await ensureCompany(db, companyId, actor)) === 'no-profile') {
      const isLead = (await db.doc(`users/${companyId}`).get()).get('isLead') === true;
      throw isLead ? new HttpError(409, MESSAGES.lead) : new HttpError(404, MESSAGES.noCompanyYet);
    }
    return { ...actor, isStaff: true, name: 'Nimbus team' };
  };
  router.get('/api/staff/companies/:companyId', ...requireStaff(auth), async (req, res) => {
    const companyId = companyParam(req.params.companyId);
    res.set('Cache-Control', 'private, no-store').json(await companyView(db, companyId, { staff: true }));
  });
  managing('/api/staff/companies/:companyId', requireStaff(auth), staffOn);
  return router;
}
