import type { ReactNode } from 'react';
import { Button } from '@/components/button';
import { TextField, type TextFieldProps } from '@/components/form-field';
import { taxSettings } from '@/lib/tax-settings';

/**
 * The Lines fieldset of a proforma and of a quote: the caller's rows, then Add line. Each form
 * keeps its own spacing (`className`).
 */
export function LinesFieldset({
  className,
  onAdd,
  children,
}: {
  className: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <fieldset className={className}>
      <legend className="text-sm font-medium text-slate-800">Lines</legend>
      {children}
      <Button variant="secondary" size="sm" onClick={onAdd}>
        Add line
      </Button>
    </fieldset>
  );
}

/** A required field for a number as typed: an amount in rupees, a quantity. */
export function DecimalField(props: TextFieldProps) {
  return <TextField required inputMode="decimal" {...props} />;
}

/**
 * Whether typed amounts include GST, asked only when the company is registered (it charges none
 * otherwise). `name` groups the radios: a page can hold a proforma and a quote form at once.
 */
export function GstIncludedChoice({
  name,
  includesGst,
  onChange,
}: {
  name: string;
  includesGst: boolean;
  onChange: (includesGst: boolean) => void;
}) {
  if (!taxSettings.registered) {
    return <p className="text-sm text-slate-700">No GST is charged: the company is not registered for GST.</p>;
  }
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">GST at {taxSettings.ratePercent}%</legend>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="radio" name={name} checked={includesGst} onChange={() => onChange(true)} />
        The amounts include GST
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="radio" name={name} checked={!includesGst} onChange={() => onChange(false)} />
        GST is added to the amounts
      </label>
    </fieldset>
  );
}
