import { useState, type ReactNode } from 'react';
import { AUTH_MESSAGES } from '@/domain/auth-messages';
import type { ProfileDetails } from '@/domain/profile-schemas';
import { useToast } from '@/lib/toast';
import type { Profile } from '@/records/users';
import { updateProfileDetails } from './api';
import { GuestLinkPanel } from './guest-link-panel';
import { ProfileDetailsView, ProfileEditForm } from './profile-details';
import { ProfileHeader } from './profile-header';

export interface ProfileOverviewProps {
  profile: Profile;
  /** Whether the login itself is anonymous (the profile's flag follows it after linking). */
  isGuest: boolean;
  onSaved: () => void;
  onLogout: () => void;
  onLinked: () => void;
  /** Under the name: which company the pages act for, and the switch to another (composed by the page). */
  companySwitcher?: ReactNode;
}

/** Header, guest linking and the details card with its Edit / Cancel toggle. */
export function ProfileOverview({
  profile,
  isGuest,
  onSaved,
  onLogout,
  onLinked,
  companySwitcher,
}: ProfileOverviewProps) {
  const notify = useToast();
  const [isEditing, setIsEditing] = useState(false);
  const [isSaving, setIsSaving] = useState(false);

  async function save(details: ProfileDetails) {
    setIsSaving(true);
    try {
      await updateProfileDetails(profile.uid, details);
      notify(AUTH_MESSAGES.updatedProfile, 'success', { key: 'profile-update' });
      setIsEditing(false);
      onSaved();
    } catch (error) {
      console.warn('Profile update failed:', error);
      notify(AUTH_MESSAGES.updateProfile, 'error', { key: 'profile-update' });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <>
      <ProfileHeader
        name={profile.name}
        email={profile.email}
        isGuest={isGuest}
        isEditing={isEditing}
        onEdit={() => setIsEditing(true)}
        onLogout={onLogout}
        companySwitcher={companySwitcher}
      />
      {isGuest && <GuestLinkPanel name={profile.name} onLinked={onLinked} />}
      {isEditing ? (
        <ProfileEditForm
          profile={profile}
          isSaving={isSaving}
          onSave={(details) => void save(details)}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        <ProfileDetailsView profile={profile} />
      )}
    </>
  );
}
