import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { StatusBadge } from '@/components/status-badge';
import { formatIstDateTime } from '@/domain/dates';
import type { MailItem } from '../data';
import { usePagedList } from '@/lib/paged-list';
import { mailTemplateLabel } from '@/domain/console-status';
import { customerLabel } from '@/domain/customers';
import { mailQuery, resendMail } from './api';
import { FilterSelect, ListPage, MessageLine } from '@/components/console/console-parts';
import { useConsoleLink } from '@/components/console/console-path';
import { useCustomer } from '@/records/use-customer';
import { useAction } from '@/lib/use-action';

const STATUSES: Array<[string, string]> = [
  ['failed', 'Failed'],
  ['pending', 'Pending'],
  ['sent', 'Sent'],
  ['', 'All'],
];

/** The outbox: every mail, or only the failed ones, with Resend for a failed mail. */
export function MailPage() {
  const [status, setStatus] = useState('failed');
  const list = usePagedList(`mail:${status}`, () => mailQuery(status));
  return (
    <ListPage<MailItem>
      title="Mail"
      above={
        <FilterSelect label="Status" value={status} onChange={setStatus} options={STATUSES} className="max-w-xs" />
      }
      list={list}
      label="Mails"
      emptyText="No mails match."
      row={(mail) => <MailRow mail={mail} />}
    />
  );
}

function MailRow({ mail }: { mail: MailItem }) {
  const [isQueued, setIsQueued] = useState(false);
  const { run, isBusy, error } = useAction(resendMail);
  const resend = async () => setIsQueued(await run(mail.id));
  const customer = useCustomer(mail.recipientUid, Boolean(mail.recipientName && mail.recipientAddress));
  const to = useConsoleLink();
  const name = mail.recipientName || (customer ? customerLabel(customer) : '');
  const address = mail.recipientAddress || customer?.email || (mail.recipientUid ? 'their account email' : '');
  const what = mailTemplateLabel(mail.template);

  return (
    <>
      <div className="min-w-0 flex-1 basis-60">
        <p className="font-semibold">
          {what}
          {mail.about ? ` · ${mail.about}` : ''}
        </p>
        <p className="text-sm break-words text-slate-700">
          To{' '}
          {mail.recipientUid ? (
            <Link to={to('customers', mail.recipientUid)} className="text-brand-darker underline">
              {name || 'the customer'}
            </Link>
          ) : (
            name
          )}
          {address ? ` <${address}>` : ''}
        </p>
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
            aria-label={`Resend ${what} to ${name || address}`}
          >
            {isBusy ? 'Resending...' : 'Resend'}
          </Button>
        )}
        {isQueued && <span className="text-sm text-green-800">Queued again</span>}
      </div>
      <MessageLine text={error} className="w-full" />
    </>
  );
}
