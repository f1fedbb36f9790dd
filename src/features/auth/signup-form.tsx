import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf } from '@/components/form-field';
import { NewPasswordFields } from '@/components/new-password-fields';
import { ProfileFields } from '@/components/profile-fields';
import { EMPTY_ADDRESS_FIELDS, signupFormSchema, type SignupForm } from '@/domain/profile-schemas';
import { EmailField, LOCKED_EMAIL_HINT } from './email-field';

export interface SignupFormProps {
  isBusy: boolean;
  onSubmit: (form: SignupForm) => void;
  /** The only address to sign up with (an invitation's): prefilled and read-only. */
  lockedEmail?: string;
}

const EMPTY: SignupForm = {
  name: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  ...EMPTY_ADDRESS_FIELDS,
};

export function SignupFormView({ isBusy, onSubmit, lockedEmail }: SignupFormProps) {
  const form = useForm<SignupForm>({
    resolver: zodResolver(signupFormSchema),
    defaultValues: { ...EMPTY, email: lockedEmail ?? '' },
  });
  const field = fieldsOf(form);

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)} aria-label="Sign up">
      <ProfileFields
        form={form}
        idPrefix="signup"
        afterName={
          <EmailField
            id="signup-email"
            lockedHint={lockedEmail !== undefined ? LOCKED_EMAIL_HINT : undefined}
            {...field('email')}
          />
        }
        afterPhone={<NewPasswordFields form={form} idPrefix="signup" />}
      />
      <Button size="sm" className="w-full" type="submit" disabled={isBusy}>
        {isBusy ? 'Processing...' : 'Create Account'}
      </Button>
    </form>
  );
}
