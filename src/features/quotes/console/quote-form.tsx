import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/button';
import { FormMessage, SelectField, TextAreaField, TextField } from '@/components/form-field';
import { AMOUNT_FORMAT_MESSAGE, formatInr, paiseToRupeeText, rupeeTextToPaise } from '@/domain/money';
import {
  DEFAULT_SAC,
  DEFAULT_VALID_DAYS,
  lineAmountPaise,
  quoteFieldsSchema,
  quoteFigures,
  quoteListedPaise,
  resolveMilestones,
  type QuoteFields,
  type QuoteFieldsInput,
} from '@/domain/quotes';
import { addDays, istToday } from '@/domain/ist';
import type { QuoteRecord } from '../data';
import { taxSettings } from '@/lib/tax-settings';
import { useCheckedSave } from '@/lib/use-checked-save';
import { useDraftRows, useTextState } from '@/components/console/field-state';
import { DecimalField, GstIncludedChoice, LinesFieldset } from '@/components/console/lines-parts';

interface LineDraft {
  description: string;
  sac: string;
  /** As typed. */
  quantity: string;
  /** As typed, in rupees. */
  rate: string;
}

interface MilestoneDraft {
  label: string;
  kind: 'percent' | 'amount';
  /** A percentage, or rupees, as typed. */
  value: string;
}

const EMPTY_LINE: LineDraft = { description: '', sac: DEFAULT_SAC, quantity: '1', rate: '' };

/** 30% on acceptance, 40% on the beta, 30% at go-live: how most projects are billed. */
const DEFAULT_MILESTONES: MilestoneDraft[] = [
  { label: 'Deposit on acceptance', kind: 'percent', value: '30' },
  { label: 'Delivery of the beta', kind: 'percent', value: '40' },
  { label: 'Go-live', kind: 'percent', value: '30' },
];

const DEFAULT_TERMS =
  'Prices are for the scope described above. Work starts when the deposit is paid. Changes to the scope are quoted separately. Hosting and support after go-live are billed yearly.';

/** What the form starts from: a draft's terms, or the defaults for a new quote. */
function draftOf(quote: QuoteRecord | null) {
  if (!quote) {
    return {
      description: '',
      lines: [{ ...EMPTY_LINE }],
      amountsIncludeGst: taxSettings.pricesIncludeGst,
      validUntil: addDays(istToday(), DEFAULT_VALID_DAYS),
      milestones: DEFAULT_MILESTONES,
      terms: DEFAULT_TERMS,
      poNumber: '',
      vendorCode: '',
    };
  }
  return {
    description: quote.description,
    lines: quote.lines.map((line) => ({
      description: line.description,
      sac: line.sac,
      quantity: String(line.quantity),
      rate: paiseToRupeeText(line.ratePaise),
    })),
    amountsIncludeGst: quote.amountsIncludeGst,
    validUntil: quote.validUntil,
    milestones: quote.milestones.map((milestone): MilestoneDraft =>
      milestone.percentBasisPoints === null
        ? { label: milestone.label, kind: 'amount', value: paiseToRupeeText(milestone.amountPaise) }
        : { label: milestone.label, kind: 'percent', value: String(milestone.percentBasisPoints / 100) },
    ),
    terms: quote.terms,
    poNumber: quote.poNumber,
    vendorCode: quote.vendorCode,
  };
}

/** A typed number, or NaN while it is not one. */
const numberOf = (text: string) => (/^\s*\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN);
const paiseOf = (text: string) => rupeeTextToPaise(text) ?? Number.NaN;

/**
 * A quote's terms, as staff write them: what it is for; lines (description, SAC, quantity, rate);
 * whether the amounts include GST; how long it is valid; payment milestones (each a percentage or
 * an amount, which must add up exactly to the total, as the form shows while they type); and the
 * terms text. `onSave` makes or updates the draft; nothing reaches the customer until it is sent.
 */
export function QuoteForm({
  quote = null,
  description: startingDescription = '',
  submitLabel,
  onSave,
}: {
  quote?: QuoteRecord | null;
  /** A new quote's 'what it is for', when it comes from somewhere (a support request). */
  description?: string;
  submitLabel: string;
  onSave: (fields: QuoteFields) => Promise<unknown>;
}) {
  const [draft] = useState(() => (quote ? draftOf(quote) : { ...draftOf(null), description: startingDescription }));
  const description = useTextState(draft.description);
  const lines = useDraftRows<LineDraft>(draft.lines);
  const [amountsIncludeGst, setAmountsIncludeGst] = useState(draft.amountsIncludeGst);
  const validUntil = useTextState(draft.validUntil);
  const milestones = useDraftRows<MilestoneDraft>(draft.milestones);
  const terms = useTextState(draft.terms);
  const poNumber = useTextState(draft.poNumber);
  const vendorCode = useTextState(draft.vendorCode);
  const { message, setMessage, isSaving, save } = useCheckedSave();

  const typedLines = lines.rows.map((line) => ({
    description: line.description.trim(),
    sac: line.sac.trim(),
    quantity: numberOf(line.quantity),
    ratePaise: paiseOf(line.rate),
  }));
  const typedMilestones = milestones.rows.map((milestone) =>
    milestone.kind === 'percent'
      ? { label: milestone.label.trim(), percent: numberOf(milestone.value), amountPaise: null }
      : { label: milestone.label.trim(), percent: null, amountPaise: paiseOf(milestone.value) },
  );
  const fields: QuoteFieldsInput = {
    description: description.value,
    lines: typedLines,
    amountsIncludeGst,
    validUntil: validUntil.value,
    milestones: typedMilestones,
    terms: terms.value,
    poNumber: poNumber.value,
    vendorCode: vendorCode.value,
  };

  // What the form shows while staff type: the total, and the milestones against it.
  const linesReadable = typedLines.every((line) => Number.isFinite(line.quantity) && Number.isFinite(line.ratePaise));
  const listedPaise = linesReadable ? quoteListedPaise(typedLines) : null;
  const milestonesReadable = typedMilestones.every((milestone) =>
    Number.isFinite(milestone.percent ?? milestone.amountPaise ?? Number.NaN),
  );
  const resolved = listedPaise !== null && milestonesReadable ? resolveMilestones(listedPaise, typedMilestones) : null;
  const figures =
    resolved?.ok && listedPaise !== null
      ? quoteFigures(
          { lines: typedLines, milestones: resolved.milestones, amountsIncludeGst },
          taxSettings,
          'intra-state',
        )
      : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const unreadable = typedLines.findIndex((line) => !Number.isFinite(line.ratePaise));
    if (unreadable >= 0) {
      setMessage({ tone: 'error', text: `Line ${unreadable + 1}: ${AMOUNT_FORMAT_MESSAGE}` });
      return;
    }
    const parsed = quoteFieldsSchema.safeParse(fields);
    await save(parsed, 'Check the quote.', async (quote) => {
      await onSave(quote);
      return 'Saved.';
    });
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Quote" className="space-y-4">
      <TextAreaField
        label="Quote for"
        hint="What the project is, as the customer will read it above the lines."
        required
        rows={2}
        maxLength={300}
        {...description.bind}
      />
      <LinesFieldset className="space-y-3" onAdd={() => lines.add(EMPTY_LINE)}>
        {lines.rows.map((_, index) => (
          <DraftRow
            key={index}
            columns="sm:grid-cols-[1fr_6rem_5rem_9rem_auto]"
            amount={
              <span className="text-sm text-slate-700" aria-label={`Line ${index + 1} amount`}>
                {Number.isFinite(typedLines[index]!.quantity) && Number.isFinite(typedLines[index]!.ratePaise)
                  ? formatInr(lineAmountPaise(typedLines[index]!))
                  : '—'}
              </span>
            }
            removeLabel={`Remove line ${index + 1}`}
            onRemove={lines.rows.length > 1 ? () => lines.remove(index) : undefined}
          >
            <TextField
              label={`Line ${index + 1} description`}
              required
              fieldClassName="col-span-2 sm:col-span-1"
              maxLength={200}
              {...lines.bind(index, 'description')}
            />
            <TextField
              label={`Line ${index + 1} SAC`}
              required
              inputMode="numeric"
              maxLength={6}
              {...lines.bind(index, 'sac')}
            />
            <DecimalField label={`Line ${index + 1} quantity`} {...lines.bind(index, 'quantity')} />
            <DecimalField label={`Line ${index + 1} rate (₹)`} placeholder="1,50,000" {...lines.bind(index, 'rate')} />
          </DraftRow>
        ))}
      </LinesFieldset>

      <GstIncludedChoice name="quote-gst" includesGst={amountsIncludeGst} onChange={setAmountsIncludeGst} />

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Payment milestones</legend>
        <p className="text-sm text-slate-700">
          Each is invoiced when it is reached (the first when the customer accepts). Together they must make the total
          exactly.
        </p>
        {milestones.rows.map((milestone, index) => {
          const amount = resolved?.ok ? resolved.milestones[index]?.amountPaise : undefined;
          return (
            <DraftRow
              key={index}
              columns="sm:grid-cols-[1fr_7rem_9rem_auto]"
              amount={
                <span className="text-sm text-slate-700" data-testid={`milestone-${index + 1}-amount`}>
                  {amount === undefined ? '—' : formatInr(amount)}
                </span>
              }
              removeLabel={`Remove milestone ${index + 1}`}
              onRemove={milestones.rows.length > 1 ? () => milestones.remove(index) : undefined}
            >
              <TextField
                label={`Milestone ${index + 1} label`}
                required
                fieldClassName="col-span-2 sm:col-span-1"
                maxLength={120}
                {...milestones.bind(index, 'label')}
              />
              <SelectField label={`Milestone ${index + 1} as`} {...milestones.bind(index, 'kind')}>
                <option value="percent">% of total</option>
                <option value="amount">Amount (₹)</option>
              </SelectField>
              <DecimalField
                label={`Milestone ${index + 1} ${milestone.kind === 'percent' ? 'percentage' : 'amount (₹)'}`}
                {...milestones.bind(index, 'value')}
              />
            </DraftRow>
          );
        })}
        <Button variant="secondary" size="sm" onClick={() => milestones.add({ label: '', kind: 'percent', value: '' })}>
          Add milestone
        </Button>
        {resolved && !resolved.ok && (
          <p className="text-sm text-red-700" data-testid="milestones-problem">
            {resolved.message}
          </p>
        )}
      </fieldset>

      <TextField label="Valid until" type="date" required min={istToday()} {...validUntil.bind} />
      <TextAreaField label="Terms" isOptional rows={4} maxLength={5000} {...terms.bind} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Customer's PO number"
          isOptional
          maxLength={40}
          hint="The customer can also give it when accepting."
          {...poNumber.bind}
        />
        <TextField label="Our vendor code with them" isOptional maxLength={30} {...vendorCode.bind} />
      </div>

      <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-4 text-sm text-slate-800">
        {figures && taxSettings.registered && (
          <>
            <dt>Taxable value</dt>
            <dd className="text-right">{formatInr(figures.totals.taxablePaise)}</dd>
            <dt>GST ({taxSettings.ratePercent}%)</dt>
            <dd className="text-right">
              {formatInr(figures.totals.cgstPaise + figures.totals.sgstPaise + figures.totals.igstPaise)}
            </dd>
          </>
        )}
        <dt className="font-semibold">Total</dt>
        <dd className="text-right font-semibold" data-testid="quote-form-total">
          {figures ? formatInr(figures.totals.totalPaise) : listedPaise === null ? '—' : formatInr(listedPaise)}
        </dd>
      </dl>
      <Button type="submit" disabled={isSaving}>
        {isSaving ? 'Saving...' : submitLabel}
      </Button>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
    </form>
  );
}

/** One line or milestone of the quote: its fields, then what it comes to and (while it is not the only one) Remove. */
function DraftRow({
  columns,
  amount,
  removeLabel,
  onRemove,
  children,
}: {
  /** The row's grid columns from `sm` up. */
  columns: string;
  amount: ReactNode;
  removeLabel: string;
  onRemove: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <div className={`grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-3 ${columns} sm:items-end`}>
      {children}
      <div className="flex items-center gap-2 sm:pb-2">
        {amount}
        {onRemove && (
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={removeLabel}>
            Remove
          </Button>
        )}
      </div>
    </div>
  );
}
