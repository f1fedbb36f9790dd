import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { ProfileFields } from '@/components/profile-fields';
import { profileDetailsSchema, type ProfileDetails } from '@/domain/profile-schemas';
import type { Profile } from '@/records/users';
import { formatDateTime } from '@/domain/dates';
import { Panel } from '@/components/panel';

export function ProfileDetailsView({ profile }: { profile: Profile }) {
  // The optional rows only when given: most customers have none, and '—' would suggest they should.
  const ifGiven = (label: string, value: string): Array<[string, string]> => (value ? [[label, value]] : []);
  const rows: Array<[string, string]> = [
    ['Phone', profile.phone],
    ['State', profile.state],
    ['Address', profile.address],
    ['City', profile.city],
    ...ifGiven('PIN code', profile.pinCode),
    ['Country', profile.country],
    ['Member Since', formatDateTime(profile.createdAt)],
    ...ifGiven('GSTIN', profile.gstin),
    ...ifGiven('Legal business name', profile.legalName),
  ];
  return (
    <Panel titleId="profile-details-title" title="Your Details">
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-0.5 wrap-anywhere text-slate-900">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

export interface ProfileEditFormProps {
  profile: Profile;
  isSaving: boolean;
  onSave: (details: ProfileDetails) => void;
  onCancel: () => void;
}

export function ProfileEditForm({ profile, isSaving, onSave, onCancel }: ProfileEditFormProps) {
  const form = useForm<ProfileDetails>({
    resolver: zodResolver(profileDetailsSchema),
    defaultValues: {
      name: profile.name,
      email: '',
      phone: profile.phone,
      address: profile.address,
      country: profile.country,
      state: profile.state,
      city: profile.city,
      pinCode: profile.pinCode,
      gstin: profile.gstin,
      legalName: profile.legalName,
    },
  });
  return (
    <Panel titleId="profile-edit-title" title="Edit Details">
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={form.handleSubmit(onSave)}
        aria-labelledby="profile-edit-title"
      >
        <ProfileFields form={form} idPrefix="edit" layout="grid" />
        <div className="flex gap-2 sm:col-span-2">
          <Button size="sm" type="submit" disabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save Changes'}
          </Button>
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
        </div>
      </form>
    </Panel>
  );
}
