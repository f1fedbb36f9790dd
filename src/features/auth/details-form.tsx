import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf } from '@/components/form-field';
import { ProfileFields } from '@/components/profile-fields';
import { EMPTY_ADDRESS_FIELDS, profileDetailsSchema, type ProfileDetails } from '@/domain/profile-schemas';
import { EmailField } from './email-field';

export interface DetailsFormProps {
  initialName: string;
  initialEmail: string;
  isSaving: boolean;
  onSubmit: (details: ProfileDetails) => void;
}

/** The details step: email is optional, and locked when the sign-in already gave one. */
export function DetailsFormView({ initialName, initialEmail, isSaving, onSubmit }: DetailsFormProps) {
  const form = useForm<ProfileDetails>({
    resolver: zodResolver(profileDetailsSchema),
    defaultValues: {
      name: initialName,
      email: initialEmail,
      phone: '',
      ...EMPTY_ADDRESS_FIELDS,
    },
  });
  const field = fieldsOf(form);

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)} aria-label="Complete your profile">
      <ProfileFields
        form={form}
        idPrefix="details"
        afterName={
          <EmailField
            id="details-email"
            label="Email (optional)"
            lockedHint={initialEmail !== '' ? 'From your sign-in; it cannot be changed here.' : undefined}
            {...field('email')}
          />
        }
      />
      <Button size="sm" className="w-full" type="submit" disabled={isSaving}>
        {isSaving ? 'Saving...' : 'Save & Continue'}
      </Button>
    </form>
  );
}
