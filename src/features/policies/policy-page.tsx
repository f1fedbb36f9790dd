import type { ReactNode } from 'react';

export interface PolicySection {
  id: string;
  heading: string;
  body: ReactNode;
}

export interface PolicyDocument {
  title: string;
  /** e.g. 'Last updated: 10 September 2025'. */
  dateLabel: string;
  summary: string;
  sections: PolicySection[];
}

/** A policy page: title and date, a table of contents, then numbered sections. */
export function PolicyPage({ policy }: { policy: PolicyDocument }) {
  return (
    <article className="bg-white">
      <header className="border-b border-slate-200 bg-gradient-to-b from-brand-light to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-brand-darker uppercase">Legal</p>
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{policy.title}</h1>
          <p className="mt-3 text-sm font-medium text-slate-600" data-testid="policy-date">
            {policy.dateLabel}
          </p>
          <p className="mt-6 max-w-3xl text-lg leading-8 text-slate-700">{policy.summary}</p>
        </div>
      </header>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[16rem_1fr] lg:gap-14">
        <nav aria-labelledby="toc-title" className="lg:sticky lg:top-[92px] lg:self-start">
          <h2 id="toc-title" className="text-sm font-semibold tracking-wide text-slate-900 uppercase">
            On this page
          </h2>
          <ol className="mt-4 space-y-1 border-l border-slate-200 text-sm">
            {policy.sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="-ml-px block border-l-2 border-transparent py-1.5 pl-4 text-slate-600 hover:border-brand hover:text-brand-darker focus-visible:outline-2 focus-visible:outline-brand-darker"
                >
                  {index + 1}. {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="policy-text max-w-3xl text-base leading-7 text-slate-700">
          {policy.sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="mb-10 last:mb-0"
            >
              <h2 id={`${section.id}-title`} className="mb-4 text-xl font-bold text-slate-900">
                {index + 1}. {section.heading}
              </h2>
              <div className="space-y-4 [&_a]:font-medium [&_a]:text-brand-darker [&_a]:underline [&_li]:pl-1 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
                {section.body}
              </div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}
