import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { emulatedGoogleAccountSchema, type EmulatedGoogleAccount } from '@/domain/schemas';
import { Button } from './button';
import { fieldsOf, TextField } from './form-field';

const STORAGE_KEY = 'emulated-google-accounts';

function rememberedAccounts(): EmulatedGoogleAccount[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item) => emulatedGoogleAccountSchema.safeParse(item).success) : [];
  } catch {
    return [];
  }
}

function remember(account: EmulatedGoogleAccount) {
  const others = rememberedAccounts().filter((item) => item.email.toLowerCase() !== account.email.toLowerCase());
  localStorage.setItem(STORAGE_KEY, JSON.stringify([account, ...others].slice(0, 5)));
}

export interface EmulatedGoogleChooserProps {
  onPick: (account: EmulatedGoogleAccount) => void;
  onCancel: () => void;
  isBusy?: boolean;
}

/**
 * Stands in for Google's account chooser on the local stack, where the real popup cannot load
 * (no internet): the Auth emulator accepts an unsigned Google credential for any email.
 */
export function EmulatedGoogleChooser({ onPick, onCancel, isBusy }: EmulatedGoogleChooserProps) {
  const [accounts] = useState(rememberedAccounts);
  const form = useForm<EmulatedGoogleAccount>({
    resolver: zodResolver(emulatedGoogleAccountSchema),
    defaultValues: { email: '', name: '' },
  });
  const field = fieldsOf(form);

  const pick = (account: EmulatedGoogleAccount) => {
    remember(account);
    onPick(account);
  };

  return (
    <section aria-labelledby="emulated-google-title" className="space-y-4" data-testid="emulated-google-chooser">
      <h3 id="emulated-google-title" className="text-lg font-semibold">
        Emulated Google account
      </h3>
      <p className="text-sm text-slate-600">Local test mode: choose an account or enter any email and name.</p>
      {accounts.length > 0 && (
        <ul className="space-y-2">
          {accounts.map((account) => (
            <li key={account.email}>
              <Button
                variant="secondary"
                size="sm"
                className="w-full justify-start"
                disabled={isBusy}
                onClick={() => pick(account)}
              >
                {account.name} ({account.email})
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form noValidate className="space-y-3" onSubmit={form.handleSubmit((account) => pick(account))}>
        <TextField label="Google email" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Google name" autoComplete="name" {...field('name')} />
        <div className="flex gap-2">
          <Button size="sm" type="submit" disabled={isBusy}>
            Continue as this account
          </Button>
          <Button variant="secondary" size="sm" onClick={onCancel} disabled={isBusy}>
            Back
          </Button>
        </div>
      </form>
    </section>
  );
}
