import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { EmulatedGoogleChooser } from '@/components/emulated-google-chooser';
import { Button } from '@/components/button';
import { ErrorMessage, fieldsOf, TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { NewPasswordFields } from '@/components/new-password-fields';
import { authErrorMessage } from '@/domain/auth-messages';
import { linkEmailFormSchema, type EmulatedGoogleAccount, type LinkEmailForm } from '@/domain/schemas';
import { usesEmulatedGoogle } from '@/lib/google-auth';
import { linkGuestWithEmail, linkGuestWithGoogle } from './api';
import { Panel } from '@/components/panel';

export interface GuestLinkPanelProps {
  /** The guest's current name, kept when the new login brings none. */
  name: string;
  /** After a successful link; the spec reloads the page. */
  onLinked: () => void;
}

/** Turns a guest into a registered user: link an email and password, or Google. */
export function GuestLinkPanel({ name, onLinked }: GuestLinkPanelProps) {
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const [isChoosing, setIsChoosing] = useState(false);
  const form = useForm<LinkEmailForm>({
    resolver: zodResolver(linkEmailFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const field = fieldsOf(form);

  async function run(action: () => Promise<boolean>, kind: 'linkEmail' | 'linkGoogle') {
    setIsBusy(true);
    setError(null);
    try {
      if (await action()) onLinked();
    } catch (caught) {
      console.warn(caught);
      setError(authErrorMessage(kind, caught));
    } finally {
      setIsBusy(false);
    }
  }

  const onEmail = (form: LinkEmailForm) =>
    run(async () => {
      await linkGuestWithEmail(form.email, form.password, name);
      return true;
    }, 'linkEmail');

  const onGoogle = () => {
    if (usesEmulatedGoogle) setIsChoosing(true);
    else void run(() => linkGuestWithGoogle(name), 'linkGoogle');
  };

  const onEmulatedAccount = (account: EmulatedGoogleAccount) => {
    setIsChoosing(false);
    void run(() => linkGuestWithGoogle(name, account), 'linkGoogle');
  };

  return (
    <Panel titleId="guest-link-title" title="Secure your guest account" tone="caution">
      <p className="mt-1 text-sm text-amber-950">
        You are browsing as a Guest. Link an email and password or a Google account to keep your cart and data.
      </p>
      <ErrorMessage error={error} className="mt-4" />
      <form
        noValidate
        className="mt-4 grid gap-4 sm:grid-cols-3"
        onSubmit={form.handleSubmit(onEmail)}
        aria-label="Link an email and password"
      >
        <TextField id="link-email" label="Email" type="email" autoComplete="email" {...field('email')} />
        <NewPasswordFields form={form} idPrefix="link" />
        <div className="flex flex-wrap gap-2 sm:col-span-3">
          <Button size="sm" type="submit" disabled={isBusy}>
            {isBusy ? 'Processing...' : 'Link Email & Password'}
          </Button>
          <Button variant="secondary" size="sm" onClick={onGoogle} disabled={isBusy}>
            Link Google Account
          </Button>
        </div>
      </form>
      {usesEmulatedGoogle && (
        <Modal
          isOpen={isChoosing}
          onClose={() => setIsChoosing(false)}
          title="Link Google Account"
          closeLabel="Close Google account chooser"
        >
          <EmulatedGoogleChooser onPick={onEmulatedAccount} onCancel={() => setIsChoosing(false)} />
        </Modal>
      )}
    </Panel>
  );
}
