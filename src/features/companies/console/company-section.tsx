import { LoadFailed } from '@/components/load-failed';
import { Facts, ListPanel, Panel } from '@/components/console/console-parts';
import { describeCompanyChange, type CompanyAuditEntry, type CompanyView } from '@/domain/company-members';
import { formatIstDateTime } from '@/domain/dates';
import { usePagedList } from '@/lib/paged-list';
import { useLoad } from '@/lib/use-load';
import { getCompany } from '../api';
import { MembersManager } from '../members-manager';
import { companyAuditQuery } from './api';

/**
 * A customer's company on their console page: its members with their roles (and e-mails), the
 * invitations waiting, staff's own invite / change role / remove / transfer (through the API,
 * audited as staff's), and the company's audit trail. A lead (no login yet) has no members.
 */
export function CompanySection({ companyId, isLead = false }: { companyId: string; isLead?: boolean }) {
  const [view, reload] = useLoad(() => getCompany('staff', companyId), companyId);
  const trail = usePagedList(`company-audit:${companyId}`, () => companyAuditQuery(companyId));
  return (
    <>
      <Panel id="customer-company" title="Company and members">
        {isLead ? (
          <p className="text-sm text-slate-700">
            No members yet: the company becomes its customer&apos;s when they sign up with this email, and they can
            invite colleagues then.
          </p>
        ) : view.status === 'loading' ? (
          <p className="text-slate-600">Loading...</p>
        ) : view.status === 'error' ? (
          <LoadFailed error={view.error} onRetry={reload} />
        ) : (
          <CompanyDetails view={view.data} onChanged={reload} />
        )}
      </Panel>
      <ListPanel<CompanyAuditEntry>
        id="customer-company-audit"
        title="Company audit trail"
        emptyText="No changes recorded yet."
        list={trail}
        row={(entry) => <AuditRow entry={entry} view={view.status === 'ready' ? view.data : null} />}
      />
    </>
  );
}

function CompanyDetails({ view, onChanged }: { view: CompanyView; onChanged: () => void }) {
  if (view.isDeleted) return <p>This company was deleted: it has no members any more.</p>;
  return (
    <>
      <Facts
        items={[
          ['Company', view.name || 'Not opened yet'],
          ['Members', String(view.members.length)],
        ]}
      />
      {view.members.length === 0 && (
        <p className="mt-2 text-sm text-slate-700">
          Not opened yet: it opens with the customer as its owner when they next sign in, or when you invite someone.
        </p>
      )}
      <MembersManager scope="staff" view={view} onChanged={onChanged} />
    </>
  );
}

function AuditRow({ entry, view }: { entry: CompanyAuditEntry; view: CompanyView | null }) {
  const nameOf = (uid: string) => view?.members.find((member) => member.uid === uid)?.name || uid;
  const who =
    entry.actorEmail ?? (entry.actorUid === 'backfill' ? 'The backfill' : nameOf(entry.actorUid) || entry.actorUid);
  return (
    <div className="min-w-0 flex-1 basis-60">
      <p className="font-semibold break-words text-slate-900">{describeCompanyChange(entry, nameOf)}</p>
      <p className="text-sm text-slate-700">
        {formatIstDateTime(entry.at)} · by {who}
      </p>
    </div>
  );
}
