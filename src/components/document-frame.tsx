import type { ReactNode } from 'react';
import { StatusBadge } from './status-badge';

interface DocumentFrameProps {
  /** The heading's id, which labels the page's section. */
  titleId: string;
  title: string;
  status?: string;
  children: ReactNode;
}

/** The card a document opened from a link (a quote, a proforma invoice) sits in: title, status, body. */
export function DocumentFrame({ titleId, title, status, children }: DocumentFrameProps) {
  return (
    <section aria-labelledby={titleId} className="mx-auto max-w-3xl px-4 py-10">
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
          <h1 id={titleId} className="text-2xl font-bold break-words text-slate-900">
            {title}
          </h1>
          {status && <StatusBadge status={status} />}
        </div>
        {children}
      </div>
    </section>
  );
}

/** A linked document's load, as its page holds it. */
export type DocumentLoad<T> = PendingLoad | { status: 'ready'; view: T };
type PendingLoad = { status: 'loading' } | { status: 'error'; message: string };

interface DocumentPendingProps {
  titleId: string;
  /** What the document is ('Quote'): the title until it is loaded. */
  title: string;
  state: PendingLoad;
}

/** The frame while its document loads ('Loading quote...'), or with the reason it could not be loaded. */
export function DocumentPending({ titleId, title, state }: DocumentPendingProps) {
  return (
    <DocumentFrame titleId={titleId} title={title}>
      {state.status === 'loading' ? (
        <p className="text-slate-700">{`Loading ${title.toLowerCase()}...`}</p>
      ) : (
        <p role="alert" className="text-red-800">
          {state.message}
        </p>
      )}
    </DocumentFrame>
  );
}
