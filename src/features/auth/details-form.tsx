import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { primaryButton, TextField } from '@/components/form-field';
import { LocationFields, type LocationValue } from '@/components/location-fields';
import { profileDetailsSchema, type ProfileDetails } from '@/domain/schemas';
import { locationLoaders } from './api';

export interface DetailsFormProps {
  initialName: string;
  initialEmail: string;
  isSaving: boolean;
  onSubmit: (details: ProfileDetails) => void;
}

/** The details step: email is optional, and locked when the sign-in already gave one. */
export function DetailsFormView({ initialName, initialEmail, isSaving, onSubmit }: DetailsFormProps) {
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = useForm<ProfileDetails>({
    resolver: zodResolver(profileDetailsSchema),
    defaultValues: { name: initialName, email: initialEmail, phone: '', address: '', country: '', state: '', city: '' },
  });
  const [country, state, city] = useWatch({ control, name: ['country', 'state', 'city'] });
  const isEmailLocked = initialEmail !== '';

  const setLocation = (next: LocationValue) => {
    const options = { shouldValidate: isSubmitted, shouldDirty: true };
    setValue('country', next.country, options);
    setValue('state', next.state, options);
    setValue('city', next.city, options);
  };

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit)} aria-label="Complete your profile">
      <TextField
        id="details-name"
        label="Full Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="details-email"
        label="Email (optional)"
        type="email"
        autoComplete="email"
        readOnly={isEmailLocked}
        hint={isEmailLocked ? 'From your sign-in; it cannot be changed here.' : undefined}
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="details-phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <TextField
        id="details-address"
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <LocationFields
          idPrefix="details"
          value={{ country: country ?? '', state: state ?? '', city: city ?? '' }}
          onChange={setLocation}
          loaders={locationLoaders}
          errors={{ country: errors.country?.message, state: errors.state?.message, city: errors.city?.message }}
        />
      </div>
      <button type="submit" className={`${primaryButton} w-full`} disabled={isSaving}>
        {isSaving ? 'Saving...' : 'Save & Continue'}
      </button>
    </form>
  );
}
