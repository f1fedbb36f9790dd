import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { TextField } from '@/components/form-field';
import { ProfileFields } from '@/components/profile-fields';
import { signupFormSchema, type SignupForm } from '@/domain/schemas';

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
  address: '',
  country: '',
  state: '',
  city: '',
};

export function SignupFormView({ isBusy, onSubmit }: SignupFormProps) {
  const form = useForm<SignupForm>({ resolver: zodResolver(signupFormSchema), defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit)} aria-label="Sign up">
      <ProfileFields
        form={form}
        idPrefix="signup"
        afterName={
          <TextField
            id="signup-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
        }
        afterPhone={
          <>
            <TextField
              id="signup-password"
              label="Password"
              type="password"
              autoComplete="new-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              id="signup-confirm-password"
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </>
        }
      />
      <Button size="sm" className="w-full" type="submit" disabled={isBusy}>
        {isBusy ? 'Processing...' : 'Create Account'}
      </Button>
    </form>
  );
}
