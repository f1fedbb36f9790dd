import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { primaryButton, TextField } from '@/components/form-field';
import { FormLocationFields } from '@/components/location-fields';
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
      <TextField
        id="signup-name"
        label="Full Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        id="signup-phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone?.message}
        {...register('phone')}
      />
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
      <TextField
        id="signup-address"
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <FormLocationFields form={form} idPrefix="signup" />
      <button type="submit" className={`${primaryButton} w-full`} disabled={isBusy}>
        {isBusy ? 'Processing...' : 'Create Account'}
      </button>
    </form>
  );
}
