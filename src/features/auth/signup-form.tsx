import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf, TextField } from '@/components/form-field';
import { NewPasswordFields } from '@/components/new-password-fields';
import { ProfileFields } from '@/components/profile-fields';
import { EMPTY_ADDRESS_FIELDS, signupFormSchema, type SignupForm } from '@/domain/profile-schemas';

export interface SignupFormProps {
  isBusy: boolean;
  onSubmit: (form: SignupForm) => void;
}

const EMPTY: SignupForm = {
  name: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  ...EMPTY_ADDRESS_FIELDS,
};

export function SignupFormView({ isBusy, onSubmit }: SignupFormProps) {
  const form = useForm<SignupForm>({ resolver: zodResolver(signupFormSchema), defaultValues: EMPTY });
  const field = fieldsOf(form);

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit(onSubmit)} aria-label="Sign up">
      <ProfileFields
        form={form}
        idPrefix="signup"
        afterName={<TextField id="signup-email" label="Email" type="email" autoComplete="email" {...field('email')} />}
        afterPhone={<NewPasswordFields form={form} idPrefix="signup" />}
      />
      <Button size="sm" className="w-full" type="submit" disabled={isBusy}>
        {isBusy ? 'Processing...' : 'Create Account'}
      </Button>
    </form>
  );
}
