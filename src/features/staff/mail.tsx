import { useState } from 'react';
import { PagedRows } from '@/components/paged-rows';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import type { MailItem } from '@/lib/firestore';
import { usePagedList } from '@/lib/paged-list';
import { mailQuery, resendMail } from './api';
import { ConsolePage, FilterSelect } from './console-parts';
import { useAction } from './use-action';

/** The outbox: every mail, or only the failed ones, with Resend for a failed mail. */
export function MailPage() {
  const [status, setStatus] = useState('failed');
  const list = usePagedList(`mail:${status}`, () => mailQuery(status));
  return (
    <ConsolePage title="Mail">
      <div className="max-w-xs">
        <FilterSelect
          label="Status"
          value={status}
          onChange={setStatus}
          options={[
            ['failed', 'Failed'],
            ['pending', 'Pending'],
            ['sent', 'Sent'],
            ['', 'All'],
          ]}
        />
      </div>
      <PagedRows<MailItem>
        list={list}
        label="Mails"
        emptyText="No mails match."
        row={(mail) => <MailRow mail={mail} />}
      />
    </ConsolePage>
  );
}

function MailRow({ mail }: { mail: MailItem }) {
  const [isQueued, setIsQueued] = useState(false);
  const { run, isBusy, error } = useAction(resendMail);
  const resend = async () => setIsQueued(await run(mail.id));

  return (
    <>
      <div className="min-w-0 flex-1 basis-60">
        <p className="font-semibold">{mail.template}</p>
        <p className="text-sm break-all text-slate-700">To {mail.recipient || '—'}</p>
        <p className="text-sm text-slate-600">
          {formatIstDateTime(mail.createdAt)} · {mail.attempts} attempt{mail.attempts === 1 ? '' : 's'}
        </p>
        {mail.lastError && <p className="text-sm break-words text-red-700">{mail.lastError}</p>}
      </div>
      <div className="flex flex-col items-end gap-2">
        <StatusBadge status={mail.status} />
        {mail.status === 'failed' && !isQueued && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void resend()}
            disabled={isBusy}
            aria-label={`Resend ${mail.id}`}
          >
            {isBusy ? 'Resending...' : 'Resend'}
          </Button>
        )}
        {isQueued && <span className="text-sm text-green-800">Queued again</span>}
      </div>
      {error && (
        <div className="w-full">
          <FormMessage tone="error">{error}</FormMessage>
        </div>
      )}
    </>
  );
}
