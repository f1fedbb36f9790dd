import { useState, type FormEvent } from 'react';
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
import { addDays, istToday } from '@/domain/staff';
import type { QuoteRecord } from '@/lib/firestore';
import { taxSettings } from '@/lib/tax-settings';
import { GstIncludedChoice, LinesFieldset } from './lines-parts';

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
  submitLabel,
  onSave,
}: {
  quote?: QuoteRecord | null;
  submitLabel: string;
  onSave: (fields: QuoteFields) => Promise<unknown>;
}) {
  const [draft] = useState(() => draftOf(quote));
  const [description, setDescription] = useState(draft.description);
  const [lines, setLines] = useState<LineDraft[]>(draft.lines);
  const [amountsIncludeGst, setAmountsIncludeGst] = useState(draft.amountsIncludeGst);
  const [validUntil, setValidUntil] = useState(draft.validUntil);
  const [milestones, setMilestones] = useState<MilestoneDraft[]>(draft.milestones);
  const [terms, setTerms] = useState(draft.terms);
  const [isSaving, setIsSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const typedLines = lines.map((line) => ({
    description: line.description.trim(),
    sac: line.sac.trim(),
    quantity: numberOf(line.quantity),
    ratePaise: paiseOf(line.rate),
  }));
  const typedMilestones = milestones.map((milestone) =>
    milestone.kind === 'percent'
      ? { label: milestone.label.trim(), percent: numberOf(milestone.value), amountPaise: null }
      : { label: milestone.label.trim(), percent: null, amountPaise: paiseOf(milestone.value) },
  );
  const fields: QuoteFieldsInput = {
    description,
    lines: typedLines,
    amountsIncludeGst,
    validUntil,
    milestones: typedMilestones,
    terms,
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

  const setLine = (index: number, change: Partial<LineDraft>) =>
    setLines((previous) => previous.map((line, at) => (at === index ? { ...line, ...change } : line)));
  const setMilestone = (index: number, change: Partial<MilestoneDraft>) =>
    setMilestones((previous) =>
      previous.map((milestone, at) => (at === index ? { ...milestone, ...change } : milestone)),
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const unreadable = typedLines.findIndex((line) => !Number.isFinite(line.ratePaise));
    if (unreadable >= 0) {
      setMessage({ tone: 'error', text: `Line ${unreadable + 1}: ${AMOUNT_FORMAT_MESSAGE}` });
      return;
    }
    const parsed = quoteFieldsSchema.safeParse(fields);
    if (!parsed.success) {
      setMessage({ tone: 'error', text: parsed.error.issues[0]?.message ?? 'Check the quote.' });
      return;
    }
    setIsSaving(true);
    try {
      await onSave(parsed.data);
      setMessage({ tone: 'success', text: 'Saved.' });
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Quote" className="space-y-4">
      <TextAreaField
        label="Quote for"
        hint="What the project is, as the customer will read it above the lines."
        required
        rows={2}
        maxLength={300}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <LinesFieldset className="space-y-3" onAdd={() => setLines((previous) => [...previous, { ...EMPTY_LINE }])}>
        {lines.map((line, index) => (
          <div
            key={index}
            className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_6rem_5rem_9rem_auto] sm:items-end"
          >
            <TextField
              label={`Line ${index + 1} description`}
              required
              fieldClassName="col-span-2 sm:col-span-1"
              maxLength={200}
              value={line.description}
              onChange={(event) => setLine(index, { description: event.target.value })}
            />
            <TextField
              label={`Line ${index + 1} SAC`}
              required
              inputMode="numeric"
              maxLength={6}
              value={line.sac}
              onChange={(event) => setLine(index, { sac: event.target.value })}
            />
            <TextField
              label={`Line ${index + 1} quantity`}
              required
              inputMode="decimal"
              value={line.quantity}
              onChange={(event) => setLine(index, { quantity: event.target.value })}
            />
            <TextField
              label={`Line ${index + 1} rate (₹)`}
              required
              inputMode="decimal"
              placeholder="1,50,000"
              value={line.rate}
              onChange={(event) => setLine(index, { rate: event.target.value })}
            />
            <div className="flex items-center gap-2 sm:pb-2">
              <span className="text-sm text-slate-700" aria-label={`Line ${index + 1} amount`}>
                {Number.isFinite(typedLines[index]!.quantity) && Number.isFinite(typedLines[index]!.ratePaise)
                  ? formatInr(lineAmountPaise(typedLines[index]!))
                  : '—'}
              </span>
              {lines.length > 1 && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setLines((previous) => previous.filter((_, at) => at !== index))}
                  aria-label={`Remove line ${index + 1}`}
                >
                  Remove
                </Button>
              )}
            </div>
          </div>
        ))}
      </LinesFieldset>

      <GstIncludedChoice name="quote-gst" includesGst={amountsIncludeGst} onChange={setAmountsIncludeGst} />

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-800">Payment milestones</legend>
        <p className="text-sm text-slate-700">
          Each is invoiced when it is reached (the first when the customer accepts). Together they must make the total
          exactly.
        </p>
        {milestones.map((milestone, index) => {
          const amount = resolved?.ok ? resolved.milestones[index]?.amountPaise : undefined;
          return (
            <div
              key={index}
              className="grid grid-cols-2 gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_7rem_9rem_auto] sm:items-end"
            >
              <TextField
                label={`Milestone ${index + 1} label`}
                required
                fieldClassName="col-span-2 sm:col-span-1"
                maxLength={120}
                value={milestone.label}
                onChange={(event) => setMilestone(index, { label: event.target.value })}
              />
              <SelectField
                label={`Milestone ${index + 1} as`}
                value={milestone.kind}
                onChange={(event) => setMilestone(index, { kind: event.target.value as MilestoneDraft['kind'] })}
              >
                <option value="percent">% of total</option>
                <option value="amount">Amount (₹)</option>
              </SelectField>
              <TextField
                label={`Milestone ${index + 1} ${milestone.kind === 'percent' ? 'percentage' : 'amount (₹)'}`}
                required
                inputMode="decimal"
                value={milestone.value}
                onChange={(event) => setMilestone(index, { value: event.target.value })}
              />
              <div className="flex items-center gap-2 sm:pb-2">
                <span className="text-sm text-slate-700" data-testid={`milestone-${index + 1}-amount`}>
                  {amount === undefined ? '—' : formatInr(amount)}
                </span>
                {milestones.length > 1 && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setMilestones((previous) => previous.filter((_, at) => at !== index))}
                    aria-label={`Remove milestone ${index + 1}`}
                  >
                    Remove
                  </Button>
                )}
              </div>
            </div>
          );
        })}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setMilestones((previous) => [...previous, { label: '', kind: 'percent', value: '' }])}
        >
          Add milestone
        </Button>
        {resolved && !resolved.ok && (
          <p className="text-sm text-red-700" data-testid="milestones-problem">
            {resolved.message}
          </p>
        )}
      </fieldset>

      <TextField
        label="Valid until"
        type="date"
        required
        min={istToday()}
        value={validUntil}
        onChange={(event) => setValidUntil(event.target.value)}
      />
      <TextAreaField
        label="Terms"
        isOptional
        rows={4}
        maxLength={5000}
        value={terms}
        onChange={(event) => setTerms(event.target.value)}
      />

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
