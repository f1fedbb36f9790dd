import { Router, type Request } from 'express';
import { z } from 'zod';
import {
  changesSchema,
  commentSchema,
  contactPaysSchema,
  contactSchema,
  milestoneStatusSchema,
  newProjectSchema,
  isBilledMilestone,
  PROJECT_MESSAGES,
  projectListQuerySchema,
  projectUpdateSchema,
  signOffSchema,
} from '../../src/domain/projects';
import { can, COMPANY_HEADER, type CompanyAction } from '../../src/domain/companies';
import { projectsContext, type AppDeps } from '../app-deps';
import { actorOf, authenticate, requireStaff } from '../auth';
import { actingCompanyId, requireMemberRole } from '../companies/access';
import { HttpError } from '../errors';
import { openProjectLink } from '../projects/links';
import {
  addComment,
  addContact,
  createProject,
  postUpdate,
  readProjectFile,
  renewContactLink,
  renewFromLink,
  requestChanges,
  revokeContact,
  setContactPays,
  setMilestoneStatus,
  signOff,
} from '../projects/projects';
import { projectDoc, readProject, type StoredProject, type Viewer } from '../projects/store';
import { listOwnProjects, projectsTodayCounts, projectView, staffProjects } from '../projects/view';
import { perMinute } from './rate-limits';
import { fileUpload, sendFile } from './support';

export const PROJECT_LINK_RATE_LIMIT_MESSAGE =
  'Too many requests for project links. Please wait a minute and try again.';

const idParam = (value: unknown) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,160}$/, PROJECT_MESSAGES.notFound)
    .parse(value);

function indexParam(value: unknown): number {
  if (!/^\d{1,2}$/.test(String(value))) throw new HttpError(404, PROJECT_MESSAGES.noMilestone);
  return Number(value);
}

/**
 * Projects. The customer's (`/api/projects/...`, signed in: their company's, as their role
 * allows; anyone else's is a 404), a contact's by their signed link
 * (`/api/project-links/{token}/...`: that one project, no account; an expired or revoked link is a
 * 404), and the console's (`/api/staff/projects/...`).
 */
export function projectsRouter(deps: AppDeps): Router {
  const router = Router();
  const ctx = projectsContext(deps);
  const { auth, db } = deps.firebase;
  const signedIn = authenticate(auth, { required: true });
  const withLog = (req: Request) => ({ ...ctx, logger: req.log });
  const ip = (req: Request) => req.ip ?? null;
  router.use(
    '/api/project-links/:token',
    perMinute(deps, 'project-links', deps.config.PAY_LINK_RATE_LIMIT_PER_MINUTE, PROJECT_LINK_RATE_LIMIT_MESSAGE),
  );

  router.get('/api/projects', signedIn, async (req, res) => {
    const companyId = actingCompanyId(req.user!, req.get(COMPANY_HEADER));
    await requireMemberRole(deps.firebase, req.user!, companyId, 'readProjects');
    res.set('Cache-Control', 'private, no-store').json({ projects: await listOwnProjects(ctx, companyId) });
  });

  /**
   * Who a request is: the contact of a link (the link is the authority), or, signed in on
   * `/api/projects/:id`, a member of the project's company whose role may do `action` (for a
   * milestone's answer, the action its milestone needs). The one check of every route below: the
   * membership read now; 404 for anyone outside the company, 403 naming the role.
   */
  async function target(
    req: Request,
    via: 'account' | 'link',
    action: CompanyAction | ((project: StoredProject) => CompanyAction),
  ): Promise<{ id: string; viewer: Viewer; name: string }> {
    if (via === 'link') {
      const link = await openProjectLink(db, String(req.params.token));
      const project = readProject(await projectDoc(db, link.projectId).get());
      const contact = project.contacts.find((candidate) => candidate.id === link.contactId);
      return {
        id: link.projectId,
        viewer: { role: 'contact', contactId: link.contactId, projectId: link.projectId },
        name: contact?.name || contact?.email || 'A contact',
      };
    }
    const id = idParam(req.params.id);
    const snapshot = await projectDoc(db, id).get();
    const project = readProject(snapshot);
    const user = req.user!;
    const companyId = snapshot.exists ? project.uid : null;
    const needed = typeof action === 'function' ? action(project) : action;
    const membership = await requireMemberRole(deps.firebase, user, companyId, needed, PROJECT_MESSAGES.notFound);
    return {
      id,
      viewer: { role: 'customer', uid: project.uid, seesBilling: can(membership, 'readBilling') },
      name:
        user.uid === project.uid
          ? project.customerName || user.email || 'The customer'
          : membership.name || user.email || 'A member',
    };
  }

  /** A milestone's answer (sign off, ask for changes): a billed one needs the approve right. */
  const answering = (req: Request) => (project: StoredProject) => {
    const milestone = project.milestones[Number(req.params.index)];
    return milestone && isBilledMilestone(milestone) ? 'signOffBilled' : 'signOff';
  };

  for (const [via, base, guard] of [
    ['account', '/api/projects/:id', [signedIn]],
    ['link', '/api/project-links/:token', []],
  ] as const) {
    router.get(base, ...guard, async (req, res) => {
      const { id, viewer } = await target(req, via, 'readProjects');
      res.set('Cache-Control', 'private, no-store').json(await projectView(ctx, id, viewer));
    });
    router.get(`${base}/files/:fileId`, ...guard, async (req, res) => {
      const { id, viewer } = await target(req, via, 'readProjects');
      sendFile(res, await readProjectFile(ctx, id, idParam(req.params.fileId), viewer));
    });
    router.post(`${base}/milestones/:index/signoff`, ...guard, async (req, res) => {
      const { name } = signOffSchema.parse(req.body ?? {});
      const { id, viewer } = await target(req, via, answering(req));
      const result = await signOff(withLog(req), id, indexParam(req.params.index), name, {
        viewer,
        via,
        ip: ip(req),
      });
      res.status(result.outcome === 'signed-off' ? 201 : 200).json(result);
    });
    router.post(`${base}/milestones/:index/changes`, ...guard, async (req, res) => {
      const { comment } = changesSchema.parse(req.body ?? {});
      const { id, viewer, name } = await target(req, via, answering(req));
      res.json(
        await requestChanges(ctx, id, indexParam(req.params.index), { comment, name }, { viewer, via, ip: ip(req) }),
      );
    });
    router.post(`${base}/comments`, ...guard, async (req, res) => {
      const body = commentSchema.parse(req.body ?? {});
      const { id, viewer, name } = await target(req, via, 'commentProject');
      res.status(201).json(await addComment(ctx, id, body, { viewer, name }));
    });
  }
  // A contact whose link expired asks for a new one: mailed to the address on record.
  router.post('/api/project-links/:token/renew', async (req, res) => {
    res.json(await renewFromLink(ctx, String(req.params.token)));
  });
  router.post('/api/projects/:id/contacts', signedIn, async (req, res) => {
    const body = contactSchema.parse(req.body ?? {});
    const { id, viewer, name } = await target(req, 'account', 'manageProjectContacts');
    res.status(201).json(await addContact(ctx, id, body, { viewer, name }));
  });
  router.post('/api/projects/:id/contacts/:contactId/revoke', signedIn, async (req, res) => {
    const { id, viewer } = await target(req, 'account', 'manageProjectContacts');
    res.json(await revokeContact(ctx, id, idParam(req.params.contactId), viewer));
  });
  router.post('/api/projects/:id/contacts/:contactId/link', signedIn, async (req, res) => {
    const { id, viewer } = await target(req, 'account', 'manageProjectContacts');
    res.json(await renewContactLink(ctx, id, idParam(req.params.contactId), viewer));
  });
  router.post('/api/projects/:id/contacts/:contactId/pays', signedIn, async (req, res) => {
    const { pays } = contactPaysSchema.parse(req.body ?? {});
    const { id, viewer } = await target(req, 'account', 'manageProjectContacts');
    res.json(await setContactPays(ctx, id, idParam(req.params.contactId), pays, viewer));
  });

  // ---- staff ---------------------------------------------------------------------------------
  router.use('/api/staff/projects', ...requireStaff(auth));
  const staffViewer = (req: Request): Viewer => ({ role: 'staff', uid: req.user!.uid, email: req.user!.email ?? null });
  router.post('/api/staff/projects/files', fileUpload(deps, ctx.files));
  router.get('/api/staff/projects', async (req, res) => {
    const query = projectListQuerySchema.parse(req.query ?? {});
    res.set('Cache-Control', 'private, no-store').json(await staffProjects(ctx, query));
  });
  router.get('/api/staff/projects/today', async (_req, res) => {
    res.json(await projectsTodayCounts(ctx));
  });
  router.post('/api/staff/projects', async (req, res) => {
    const body = newProjectSchema.parse(req.body ?? {});
    res.status(201).json(await createProject(ctx, body, actorOf(req.user!)));
  });
  router.get('/api/staff/projects/:id', async (req, res) => {
    res
      .set('Cache-Control', 'private, no-store')
      .json(await projectView(ctx, idParam(req.params.id), staffViewer(req)));
  });
  router.get('/api/staff/projects/:id/files/:fileId', async (req, res) => {
    sendFile(res, await readProjectFile(ctx, idParam(req.params.id), idParam(req.params.fileId), staffViewer(req)));
  });
  router.post('/api/staff/projects/:id/milestones/:index', async (req, res) => {
    const change = milestoneStatusSchema.parse(req.body ?? {});
    res.json(
      await setMilestoneStatus(ctx, idParam(req.params.id), indexParam(req.params.index), change, actorOf(req.user!)),
    );
  });
  router.post('/api/staff/projects/:id/updates', async (req, res) => {
    const body = projectUpdateSchema.parse(req.body ?? {});
    const actor = { ...actorOf(req.user!), name: 'Nimbus team' };
    res.status(201).json(await postUpdate(ctx, idParam(req.params.id), body, actor));
  });
  router.post('/api/staff/projects/:id/contacts', async (req, res) => {
    const body = contactSchema.parse(req.body ?? {});
    res
      .status(201)
      .json(await addContact(ctx, idParam(req.params.id), body, { viewer: staffViewer(req), name: 'Nimbus team' }));
  });
  router.post('/api/staff/projects/:id/contacts/:contactId/revoke', async (req, res) => {
    res.json(await revokeContact(ctx, idParam(req.params.id), idParam(req.params.contactId), staffViewer(req)));
  });
  router.post('/api/staff/projects/:id/contacts/:contactId/link', async (req, res) => {
    res.json(await renewContactLink(ctx, idParam(req.params.id), idParam(req.params.contactId), staffViewer(req)));
  });
  router.post('/api/staff/projects/:id/contacts/:contactId/pays', async (req, res) => {
    const { pays } = contactPaysSchema.parse(req.body ?? {});
    res.json(await setContactPays(ctx, idParam(req.params.id), idParam(req.params.contactId), pays, staffViewer(req)));
  });
  return router;
}
