import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { fieldsOf, TextField } from './form-field';
import { FormLocationFields, type LocationValue } from './location-fields';
import { taxSettings } from '@/lib/tax-settings';

/** The profile's own fields, shared by the signup, details-step and edit forms. */
export interface ProfileFieldValues extends LocationValue {
  name: string;
  phone: string;
  address: string;
  /** Optional: '' or six digits (see pinCodeSchema). */
  pinCode?: string;
  /** Optional GSTIN (see gstinSchema); with one, the legal name and PIN code are required. */
  gstin?: string;
  /** Optional: the legal business name the GSTIN is registered to. */
  legalName?: string;
}

export interface ProfileFieldsProps<T extends ProfileFieldValues> {
  form: UseFormReturn<T>;
  /** Prefix of the inputs' ids ('signup' gives 'signup-name', ...). */
  idPrefix: string;
  /** Fields placed after the name (an email field). */
  afterName?: ReactNode;
  /** Fields placed after the phone (the passwords of a signup). */
  afterPhone?: ReactNode;
  /** 'grid': inside a two-column grid, where the address and the location take a whole row. */
  layout?: 'stack' | 'grid';
}

/**
 * Full name, phone, address, then country, state, city and PIN code, then the optional GSTIN and
 * legal business name, bound to a react-hook-form form.
 */
export function ProfileFields<T extends ProfileFieldValues>({
  form,
  idPrefix,
  afterName,
  afterPhone,
  layout = 'stack',
}: ProfileFieldsProps<T>) {
  // Every form passed here has these string fields; the cast only narrows the generic.
  const fieldOf = fieldsOf(form as unknown as UseFormReturn<ProfileFieldValues>);
  // An input's id is the prefix and its field's name in kebab case ('signup-pin-code' for pinCode).
  const field = (name: keyof ProfileFieldValues & string) => ({
    id: `${idPrefix}-${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
    ...fieldOf(name),
  });
  const isGrid = layout === 'grid';
  return (
    <>
      <TextField label="Full Name" autoComplete="name" {...field('name')} />
      {afterName}
      <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
      {afterPhone}
      <TextField
        label="Address"
        autoComplete="street-address"
        fieldClassName={isGrid ? 'sm:col-span-2' : undefined}
        {...field('address')}
      />
      <FormLocationFields
        form={form}
        idPrefix={idPrefix}
        className={isGrid ? 'grid gap-4 sm:col-span-2 sm:grid-cols-3' : undefined}
      />
      <TextField
        label="PIN code"
        isOptional
        hint="Required with a GSTIN."
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={7}
        {...field('pinCode')}
      />
      <TextField
        label="GSTIN"
        isOptional
        hint={
          taxSettings.registered
            ? "For a GST tax invoice in your business's name."
            : "Printed on your payment receipts in your business's name."
        }
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        {...field('gstin')}
      />
      <TextField
        label="Legal business name"
        isOptional
        hint="As registered for GST; required with a GSTIN. Your invoices are made out to it."
        autoComplete="organization"
        maxLength={200}
        fieldClassName={isGrid ? 'sm:col-span-2' : undefined}
        {...field('legalName')}
      />
    </>
  );
}
