import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/button';
import { fieldsOf, FormMessage, TextField } from '@/components/form-field';
import { billingDetailsSchema, type BillingDetails, type BillingDetailsForm } from '@/domain/profile-schemas';
import type { Profile } from '@/records/users';
import { updateBillingDetails } from './api';
import { Facts, MessageLine } from '@/components/console/console-parts';
import { useAction } from '@/lib/use-action';

/**
 * What the customer's next tax invoice prints of them (legal name, GSTIN, PIN code, address), and
 * 'Edit billing details' to correct it through the API. The profile is live, so the facts show
 * the correction as soon as it is saved.
 */
export function BillingDetailsPanel({ profile }: { profile: Profile }) {
  const [isEditing, setIsEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const address = [profile.address, profile.city, profile.state, profile.country].filter(Boolean).join(', ');

  return (
    <div className="space-y-3">
      <Facts
        items={[
          ['Legal name', profile.legalName || '—'],
          ['GSTIN', profile.gstin || '—'],
          ['PIN code', profile.pinCode || '—'],
          ['Address', address || '—'],
        ]}
      />
      {isEditing ? (
        <BillingDetailsEditor
          profile={profile}
          onSaved={(changed) => {
            setIsEditing(false);
            setSaved(
              changed.length > 0
                ? 'Billing details saved. Documents issued from now on use them; issued ones keep theirs.'
                : 'Nothing changed.',
            );
          }}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            setSaved(null);
            setIsEditing(true);
          }}
        >
          Edit billing details
        </Button>
      )}
      {saved && <FormMessage tone="success">{saved}</FormMessage>}
    </div>
  );
}

interface EditorProps {
  profile: Profile;
  onSaved: (changed: string[]) => void;
  onCancel: () => void;
}

function BillingDetailsEditor({ profile, onSaved, onCancel }: EditorProps) {
  const form = useForm<BillingDetailsForm, unknown, BillingDetails>({
    resolver: zodResolver(billingDetailsSchema),
    defaultValues: {
      legalName: profile.legalName,
      gstin: profile.gstin,
      pinCode: profile.pinCode,
      address: profile.address,
    },
  });
  const field = fieldsOf(form);
  const {
    run: save,
    isBusy: isSaving,
    error,
  } = useAction(async (details: BillingDetails) => {
    onSaved((await updateBillingDetails(profile.uid, details)).changed);
  });

  return (
    <form
      noValidate
      aria-label="Edit billing details"
      className="grid gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-2"
      onSubmit={form.handleSubmit(async (details) => {
        await save(details);
      })}
    >
      <TextField
        id="billing-legal-name"
        label="Legal business name"
        hint="As registered for GST; required with a GSTIN."
        maxLength={200}
        fieldClassName="sm:col-span-2"
        {...field('legalName')}
      />
      <TextField
        id="billing-gstin"
        label="GSTIN"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        {...field('gstin')}
      />
      <TextField id="billing-pin-code" label="PIN code" inputMode="numeric" maxLength={7} {...field('pinCode')} />
      <TextField
        id="billing-address"
        label="Address"
        hint="The street; city, state and country stay as the customer chose them."
        maxLength={300}
        fieldClassName="sm:col-span-2"
        {...field('address')}
      />
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save billing details'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel} disabled={isSaving}>
          Cancel
        </Button>
      </div>
      <MessageLine text={error} className="sm:col-span-2" />
    </form>
  );
}
