import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf, TextField } from '@/components/form-field';
import { AUTH_MESSAGES } from '@/domain/auth-messages';
import { loginFormSchema, type LoginForm } from '@/domain/schemas';
import { EmailField, LOCKED_EMAIL_HINT } from './email-field';

export interface LoginFormProps {
  isBusy: boolean;
  onSubmit: (form: LoginForm) => void;
  /** Gets the email typed so far; reports a missing one itself. */
  onForgotPassword: (email: string) => void;
  onMissingResetEmail: (message: string) => void;
  /** The only address to log in with (an invitation's): prefilled and read-only. */
  lockedEmail?: string;
}

export function LoginFormView({
  isBusy,
  onSubmit,
  onForgotPassword,
  onMissingResetEmail,
  lockedEmail,
}: LoginFormProps) {
  const form = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: lockedEmail ?? '', password: '' },
  });
  const { handleSubmit, getValues } = form;
  const field = fieldsOf(form);

  return (
    <form noValidate className="space-y-4" onSubmit={handleSubmit(onSubmit)} aria-label="Login">
      <EmailField
        id="login-email"
        lockedHint={lockedEmail !== undefined ? LOCKED_EMAIL_HINT : undefined}
        {...field('email')}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <div className="text-right">
        <Button
          variant="link"
          className="text-sm"
          disabled={isBusy}
          onClick={() => {
            const email = getValues('email').trim();
            if (email) onForgotPassword(email);
            else onMissingResetEmail(AUTH_MESSAGES.resetNeedsEmail);
          }}
        >
          Forgot Password?
        </Button>
      </div>
      <Button size="sm" className="w-full" type="submit" disabled={isBusy}>
        {isBusy ? 'Processing...' : 'Login'}
      </Button>
    </form>
  );
}
