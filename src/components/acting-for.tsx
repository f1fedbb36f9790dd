import { useEffect, useId, useRef, useState } from 'react';
import { companyLabel } from '@/domain/acting-company';
import { roleLabel } from '@/domain/company-members';
import { useCompany } from '@/lib/company-session';

export interface ActingForProps {
  /** Whether the person may switch here (list pages); on one record's page it only says whose it is. */
  canSwitch?: boolean;
  className?: string;
}

/**
 * "Acting for Verma Textiles" on a customer page, for someone in more than one company (nothing
 * for everyone else: a one-member company looks as an account always did). With `canSwitch`, a
 * button ("Acting for Verma Textiles ▾") opens the list of their companies, each with their role
 * in it; choosing one makes the page list that company's records. A disclosure, not a menu: Tab
 * reaches every choice, Escape or a click outside closes it, and focus returns to the button.
 */
export function ActingFor({ canSwitch = false, className = '' }: ActingForProps) {
  const company = useCompany();
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const closeOutside = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [isOpen]);

  const { acting } = company;
  if (company.status !== 'ready' || !company.isShared || !acting) return null;
  const name = companyLabel(acting);
  const role = roleLabel(acting.role, acting.canApprove);

  if (!canSwitch) {
    return (
      <p className={`text-sm text-slate-700 ${className}`} data-testid="acting-for">
        Acting for <strong className="font-semibold text-slate-900">{name}</strong> ({role})
      </p>
    );
  }

  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };
  return (
    <div
      ref={boxRef}
      className={`relative text-sm ${className}`}
      data-testid="acting-for"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex min-h-9 max-w-full items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-left text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-darker"
      >
        <span className="min-w-0 wrap-anywhere">
          Acting for <strong className="font-semibold text-slate-900">{name}</strong>{' '}
          <span className="text-slate-600">({role})</span>
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      {isOpen && (
        <ul
          id={listId}
          aria-label="Your companies"
          className="absolute left-0 z-20 mt-1 w-max max-w-[min(22rem,calc(100vw-2rem))] overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          {company.memberships.map((membership) => {
            const isActing = membership.companyId === acting.companyId;
            return (
              <li key={membership.companyId}>
                <button
                  type="button"
                  aria-current={isActing ? 'true' : undefined}
                  onClick={() => {
                    if (!isActing) company.switchTo(membership.companyId);
                    close();
                  }}
                  className={`flex min-h-11 w-full flex-col items-start px-4 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-darker ${isActing ? 'bg-brand-light' : ''}`}
                >
                  <span className="font-semibold wrap-anywhere text-slate-900">
                    {companyLabel(membership)}
                    {isActing && <span className="sr-only"> (acting for it now)</span>}
                  </span>
                  <span className="text-slate-700">{roleLabel(membership.role, membership.canApprove)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
