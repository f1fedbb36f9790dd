import type { ReactNode } from 'react';
import { Button } from '@/components/button';

export interface ProfileHeaderProps {
  name: string;
  email: string;
  isGuest: boolean;
  isEditing: boolean;
  onEdit: () => void;
  onLogout: () => void;
  /** Which company the pages act for, with the switch (only someone in more than one company has one). */
  companySwitcher?: ReactNode;
}

export function ProfileHeader({
  name,
  email,
  isGuest,
  isEditing,
  onEdit,
  onLogout,
  companySwitcher,
}: ProfileHeaderProps) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      {/* min-w-0 and wrap-anywhere: a long name or email wraps instead of widening a 320 px page (the heading is a
          flex box, whose text would otherwise keep its longest word's width); words still break only where they must. */}
      <div className="min-w-0 max-w-full">
        <h1 className="flex flex-wrap items-center gap-3 text-2xl font-bold wrap-anywhere text-slate-900">
          {name}
          {isGuest && (
            <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300 ring-inset">
              Guest Account
            </span>
          )}
        </h1>
        <p className="mt-1 wrap-anywhere text-slate-700" data-testid="profile-email">
          {email || 'No email provided'}
        </p>
        {companySwitcher && <div className="mt-3">{companySwitcher}</div>}
      </div>
      <div className="flex gap-2">
        {!isEditing && (
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={onLogout}>
          Logout
        </Button>
      </div>
    </header>
  );
}
