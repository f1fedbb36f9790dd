import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormMessage, TextAreaField, TextField } from '@/components/form-field';
import { AMOUNT_FORMAT_MESSAGE, formatInr, rupeeTextToPaise } from '@/domain/money';
import { invoiceTotalPaise, issueInvoiceSchema } from '@/domain/staff';
import { issueInvoice, nextInvoiceNumber } from './api';

interface LineDraft {
  description: string;
  /** As typed, in rupees. */
  amount: string;
}

const EMPTY_LINE: LineDraft = { description: '', amount: '' };

/** A line's typed amount as paise (the one rupee parser); NaN while it is not an amount. */
const toPaise = (amount: string) => rupeeTextToPaise(amount) ?? Number.NaN;

/**
 * Issues an invoice to one customer: a number (suggested, editable, unique per customer), a
 * description and one or more lines. The amount charged is the sum of the lines.
 */
export function IssueInvoiceForm({ uid }: { uid: string }) {
  const [number, setNumber] = useState('');
  const [description, setDescription] = useState('');
  const [lines, setLines] = useState<LineDraft[]>([{ ...EMPTY_LINE }]);
  const [isSaving, setIsSaving] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [issuedCount, setIssuedCount] = useState(0);

  useEffect(() => {
    let isActive = true;
    nextInvoiceNumber(uid)
      .then((suggested) => isActive && setNumber((typed) => typed || suggested))
      .catch(() => {});
    return () => {
      isActive = false;
    };
  }, [uid, issuedCount]);

  const paiseLines = lines.map((line) => ({ description: line.description.trim(), amountPaise: toPaise(line.amount) }));
  const totalPaise = paiseLines.every((line) => Number.isFinite(line.amountPaise))
    ? invoiceTotalPaise(paiseLines)
    : null;

  function setLine(index: number, change: Partial<LineDraft>) {
    setLines((previous) => previous.map((line, at) => (at === index ? { ...line, ...change } : line)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    const unreadable = paiseLines.findIndex((line) => !Number.isFinite(line.amountPaise));
    if (unreadable >= 0) {
      setMessage({ tone: 'error', text: `Line ${unreadable + 1}: ${AMOUNT_FORMAT_MESSAGE}` });
      return;
    }
    const parsed = issueInvoiceSchema.safeParse({ uid, number, description, lines: paiseLines });
    if (!parsed.success) {
      setMessage({ tone: 'error', text: parsed.error.issues[0]?.message ?? 'Check the invoice.' });
      return;
    }
    setIsSaving(true);
    try {
      const issued = await issueInvoice(parsed.data);
      setMessage({ tone: 'success', text: `Invoice ${issued.number} issued for ${formatInr(issued.amountPaise)}.` });
      setNumber('');
      setDescription('');
      setLines([{ ...EMPTY_LINE }]);
      setIssuedCount((count) => count + 1);
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Issue an invoice" className="space-y-3">
      <TextField
        label="Invoice number"
        required
        value={number}
        maxLength={32}
        onChange={(event) => setNumber(event.target.value)}
      />
      <TextAreaField
        label="Description"
        required
        rows={2}
        maxLength={500}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Lines</legend>
        {lines.map((line, index) => (
          <div key={index} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
            <TextField
              label={`Line ${index + 1} description`}
              required
              maxLength={200}
              value={line.description}
              onChange={(event) => setLine(index, { description: event.target.value })}
            />
            <TextField
              label={`Line ${index + 1} amount (₹)`}
              required
              inputMode="decimal"
              value={line.amount}
              onChange={(event) => setLine(index, { amount: event.target.value })}
            />
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
        ))}
        <Button variant="secondary" size="sm" onClick={() => setLines((previous) => [...previous, { ...EMPTY_LINE }])}>
          Add line
        </Button>
      </fieldset>
      <p className="text-sm text-slate-800">
        Amount: <strong data-testid="invoice-total">{totalPaise === null ? '—' : formatInr(totalPaise)}</strong>
      </p>
      <Button type="submit" disabled={isSaving}>
        {isSaving ? 'Issuing...' : 'Issue invoice'}
      </Button>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
    </form>
  );
}
