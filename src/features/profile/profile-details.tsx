import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { primaryButton, secondaryButton, TextField } from '@/components/form-field';
import { FormLocationFields } from '@/components/location-fields';
import { profileDetailsSchema, type ProfileDetails } from '@/domain/schemas';
import type { Profile } from '@/lib/firestore';
import { formatDateTime } from './format';

export function ProfileDetailsView({ profile }: { profile: Profile }) {
  const rows: Array<[string, string]> = [
    ['Phone', profile.phone],
    ['State', profile.state],
    ['Address', profile.address],
    ['City', profile.city],
    ['Country', profile.country],
    ['Member Since', formatDateTime(profile.createdAt)],
  ];
  return (
    <section
      aria-labelledby="profile-details-title"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="profile-details-title" className="text-xl font-semibold">
        Your Details
      </h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-sm font-medium text-slate-600">{label}</dt>
            <dd className="mt-0.5 text-slate-900">{value || '—'}</dd>
          </div>
        ))}
      </dl>
    </section>
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
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  return (
    <section aria-labelledby="profile-edit-title" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="profile-edit-title" className="text-xl font-semibold">
        Edit Details
      </h2>
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={handleSubmit(onSave)}
        aria-labelledby="profile-edit-title"
      >
        <TextField
          id="edit-name"
          label="Full Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="edit-phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          id="edit-address"
          label="Address"
          autoComplete="street-address"
          error={errors.address?.message}
          fieldClassName="sm:col-span-2"
          {...register('address')}
        />
        <FormLocationFields
          form={form}
          idPrefix="edit"

          className="grid gap-4 sm:col-span-2 sm:grid-cols-3"
        />
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" className={primaryButton} disabled={isSaving}>
            {isSaving ? 'Saving...' : 'Save Changes'}
          </button>
          <button type="button" className={secondaryButton} onClick={onCancel} disabled={isSaving}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
