import { formatDueTime } from '../../src/domain/business-hours';
import { MILESTONE_STATUS, PROJECTS } from '../../src/domain/projects';
import { mailQueued, toCompanyMembers, type OutboxMail } from '../mail/outbox';
import type { ProjectMailData } from '../mail/templates';
import { addProjectMails, mailItems, signOff } from './projects';
import { milestonesFields, projectDoc, readProject, type ProjectsContext } from './store';
import { nowOf } from '../clock';

export interface ProjectsJobReport {
  checked: number;
  reminded: number;
  deemed: number;
  failed: number;
}

/** The name recorded on a deemed acceptance. */
export const DEEMED_NAME = 'Deemed accepted (no answer within the sign-off period)';

/**
 * One pass of the `projects` job: for every project with something due (nextCheckAtMs), each
 * milestone Ready for review past its deadline is deemed accepted (signOff: its proforma issued
 * once, the customer, contacts and company mailed), and one past halfway is reminded once.
 */
export async function projectsPass(ctx: ProjectsContext): Promise<ProjectsJobReport> {
  const report: ProjectsJobReport = { checked: 0, reminded: 0, deemed: 0, failed: 0 };
  const nowMs = nowOf(ctx);
  const due = await ctx.db.collection(PROJECTS).where('nextCheckAtMs', '<=', nowMs).limit(200).get();
  for (const doc of due.docs) {
    report.checked += 1;
    const project = readProject(doc);
    for (const [index, milestone] of project.milestones.entries()) {
      if (milestone.status !== MILESTONE_STATUS.ready || milestone.dueAtMs === null) continue;
      try {
        if (nowMs >= milestone.dueAtMs) {
          const result = await signOff(ctx, project.id, index, DEEMED_NAME, { viewer: null, via: 'deemed', ip: null });
          if (result.outcome === 'signed-off') report.deemed += 1;
        } else if (!milestone.reminded && milestone.remindAtMs !== null && nowMs >= milestone.remindAtMs) {
          if (await remind(ctx, project.id, index)) report.reminded += 1;
        }
      } catch (error) {
        report.failed += 1;
        ctx.logger?.error({ err: error, projectId: project.id, milestone: index }, 'projects job: a milestone failed');
      }
    }
  }
  return report;
}

/** The halfway reminder, once per review round: to the customer (its members by role) and every live contact. */
async function remind(ctx: ProjectsContext, id: string, index: number): Promise<boolean> {
  const { db } = ctx;
  const ref = projectDoc(db, id);
  const sent = await db.runTransaction(async (tx) => {
    const project = readProject(await tx.get(ref));
    const milestone = project.milestones[index];
    if (!milestone || milestone.status !== MILESTONE_STATUS.ready || milestone.reminded) return false;
    const base = {
      kind: 'reminder' as const,
      projectTitle: project.title,
      milestone: milestone.label,
      dueBy: formatDueTime(new Date(milestone.dueAtMs ?? Date.now())),
      items: mailItems(milestone.deliverables),
    };
    const recipients: Array<Pick<OutboxMail, 'to' | 'companyId'> & { data: ProjectMailData }> = [
      {
        ...toCompanyMembers(project.uid),
        data: { ...base, recipientName: project.customerName || null, url: `${ctx.siteUrl}/projects/${id}` },
      },
      ...project.contacts
        .filter((contact) => !contact.revoked)
        .map((contact) => ({
          to: { address: contact.email },
          data: {
            ...base,
            recipientName: contact.name || null,
            url: null,
            projectLink: { projectId: id, contactId: contact.id, linkNo: contact.linkNo },
          },
        })),
    ];
    const milestones = project.milestones.map((m, i) => (i === index ? { ...m, reminded: true } : m));
    const thread = addProjectMails(tx, ctx, project, `m${index}:reminder:${milestone.round}`, recipients);
    tx.update(ref, { ...milestonesFields(milestones), ...thread });
    return true;
  });
  if (sent) mailQueued();
  return sent;
}
