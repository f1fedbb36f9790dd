import { useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { formatDueTime, formatMinutes } from '@/domain/business-hours';
import { staffNameShown, type SupportRequestView } from '@/domain/support';
import { saveDownload } from '@/lib/save-file';
import { downloadFile } from './api';

/** A request's conversation, its files and its due times: the customer's request page and the console's show them. */

export function FileLink({ file }: { file: { id: string; name: string; size: number } }) {
  const [problem, setProblem] = useState<string | null>(null);
  async function open() {
    try {
      saveDownload(await downloadFile(file.id), file.name);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Could not download the file.');
    }
  }
  return (
    <span className="min-w-0">
      <Button variant="link" size="sm" className="text-left wraps-anywhere" onClick={() => void open()}>
        {file.name} ({Math.max(1, Math.round(file.size / 1024))} KB)
      </Button>
      {problem && <span className="ml-2 text-sm text-red-700">{problem}</span>}
    </span>
  );
}

/** Past this many characters a message opens shortened (a mail may bring 10,000). */
const LONG_BODY_CHARS = 3000;

/** A message's text: wrapped even where a line has no spaces (logs, links), long ones opened on request. */
function MessageBody({ body }: { body: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const isLong = body.length > LONG_BODY_CHARS;
  return (
    <>
      <p className="mt-2 pasted-text text-slate-900">
        {isLong && !isOpen ? `${body.slice(0, LONG_BODY_CHARS).trimEnd()}…` : body}
      </p>
      {isLong && (
        <Button variant="link" size="sm" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
          {isOpen ? 'Show less' : 'Show the whole message'}
        </Button>
      )}
    </>
  );
}

export function Conversation({ request, staffView = false }: { request: SupportRequestView; staffView?: boolean }) {
  return (
    <ol className="mt-4 space-y-3" aria-label="Conversation">
      {(request.messages ?? []).map((message) => (
        <li
          key={message.id}
          className={`rounded-xl border p-4 ${message.internal ? 'border-amber-300 bg-amber-50' : message.author === 'staff' ? 'border-brand-light bg-sky-50' : 'border-slate-200 bg-white'}`}
        >
          <p className="text-sm font-semibold wraps-anywhere text-slate-800">
            {message.internal
              ? 'Internal note'
              : message.author === 'staff'
                ? staffNameShown(message.authorName)
                : (message.authorName ?? 'You')}
            <span className="font-normal text-slate-600">
              {' '}
              · {formatDueTime(new Date(message.createdAt))}
              {message.via === 'mail' ? ' · by mail' : ''}
              {staffView && message.minutes ? ` · ${formatMinutes(message.minutes)} logged` : ''}
            </span>
          </p>
          <MessageBody body={message.body} />
          {message.files.length > 0 && (
            <p className="mt-2 flex flex-wrap gap-3">
              {message.files.map((file) => (
                <FileLink key={file.id} file={file} />
              ))}
            </p>
          )}
          {message.refusedFiles && message.refusedFiles.length > 0 && (
            <div className="mt-2 text-sm text-slate-700">
              <p className="font-semibold">Not attached:</p>
              <ul className="list-disc pl-5">
                {message.refusedFiles.map((file, index) => (
                  <li key={`${file.name}-${index}`} className="wraps-anywhere">
                    {file.reason}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}

export function DueTimes({ request }: { request: SupportRequestView }): ReactNode {
  if (!request.tier) return <p className="text-sm text-slate-700">Out of plan: no response times apply.</p>;
  return (
    <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      <div>
        <dt className="font-semibold text-slate-700">First reply {request.firstRepliedAt ? 'was' : 'due'}</dt>
        <dd>{formatDueTime(new Date(request.firstRepliedAt ?? request.firstReplyDueAt ?? 0))}</dd>
      </div>
      <div>
        <dt className="font-semibold text-slate-700">Resolution due</dt>
        <dd>
          {request.resolvedAt
            ? `Resolved ${formatDueTime(new Date(request.resolvedAt))}`
            : request.isPaused
              ? 'Paused while we wait for your answer'
              : formatDueTime(request.resolutionDueAt ? new Date(request.resolutionDueAt) : null)}
        </dd>
      </div>
    </dl>
  );
}
