import { useState, type ReactNode } from 'react';
import { Button } from '@/components/button';
import type { CompanyAction } from '@/domain/companies';
import type { ProjectMilestoneView } from '@/domain/projects';
import { saveDownload } from '@/lib/save-file';
import { downloadProjectFile, type ProjectSource } from './api';

/** The pieces of a project's page that every audience's parts share. */

export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/** What the viewer of the page may do: a member of the company by their role; a contact's link and staff as the page offers. */
export interface Rights {
  /** The acting company (the account's page is read again when it changes). */
  companyId: string;
  may: (action: CompanyAction) => boolean;
  refusal: (action: CompanyAction) => string;
}

/**
 * Staff's forms on a project's page. Only the console passes them in (see
 * console/staff-project-page.tsx), so the customer's and a contact's bundle never carries them.
 */
export interface StaffForms {
  /** The form that moves a milestone (not shown once it is signed off). */
  milestone: (milestone: ProjectMilestoneView, onDone: (message: string) => void) => ReactNode;
  /** The form that posts a progress update to the timeline. */
  update: (onDone: (message: string) => void) => ReactNode;
}

export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

export function FileButton({
  source,
  file,
}: {
  source: ProjectSource;
  file: { id: string; name: string; size: number | null };
}) {
  const [problem, setProblem] = useState<string | null>(null);
  async function open() {
    try {
      saveDownload(await downloadProjectFile(source, file.id), file.name);
    } catch (error) {
      setProblem(messageOf(error));
    }
  }
  return (
    <span>
      <Button variant="link" size="sm" className="justify-start text-left" onClick={() => void open()}>
        <span>
          <span className="break-all">Download {file.name}</span>
          {file.size ? (
            <span className="whitespace-nowrap"> ({Math.max(1, Math.round(file.size / 1024))} KB)</span>
          ) : null}
        </span>
      </Button>
      {problem && <span className="ml-2 text-sm text-red-700">{problem}</span>}
    </span>
  );
}

/** A link a project's team shared (a deliverable, a preview): it opens apart from the page, which learns nothing of it. */
export function SharedLink({ url, name, className = '' }: { url: string; name: string; className?: string }) {
  return (
    <a
      className={`break-all text-brand-darker underline ${className}`}
      href={url}
      target="_blank"
      rel="noreferrer noopener"
    >
      {name}
    </a>
  );
}
