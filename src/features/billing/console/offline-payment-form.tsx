import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { AMOUNT_FORMAT_MESSAGE, formatInrWithPaise, paiseToRupeeText, rupeeTextToPaise } from '@/domain/money';
import { istToday } from '@/domain/ist';
import { OFFLINE_METHOD_LABELS, OFFLINE_METHODS, offlinePaymentSchema, type OfflinePayment as OfflinePaymentInput } from '@/domain/payments';
import { tdsCitationFor, tdsCitationsOn, tdsKindOf, type TdsCitation } from '@/domain/tds';
import { recordOfflinePayment } from './api';
import { MessageLine, Options } from '@/components/console/console-parts';
import { bindText, useTextState } from '@/components/console/field-state';
import { useAction } from '@/lib/use-action';
import { sellerDocumentWords } from '@/domain/seller-document';
import { taxSettings } from '@/lib/tax-settings';

interface OfflinePaymentProps {
  uid: string;
  type: 'product_order' | 'invoice';
  docId: string;
  /** 'Invoice PI/2026-27/0007', for the form's and the button's accessible names. */
  label: string;
  /** Whether it still takes payments (Pending, or an invoice Partially paid). */
  isOpen: boolean;
  /** What is due now, in paise (the whole amount, less what earlier receipts settled). */
  duePaise: number;
}

type Method = (typeof OFFLINE_METHODS)[number];

const CONTROL = 'mt-1 h-10 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900';
const LABEL = 'flex min-w-0 flex-col text-sm font-medium text-slate-800';

/**
 * 'Record payment received' on an open order or invoice: a payment as it happened (amount
 * received, date, how, reference, and any TDS the customer deducted, with its section). What it
 * settles may be part of what is due; the server then marks the invoice Partially paid, and the
 * receipt that settles it marks it Paid. After saving, focus moves to what it says happened (the
 * row may have lost its button); after Cancel, back to the button.
 */
export function OfflinePayment({ uid, type, docId, label, isOpen, duePaise }: OfflinePaymentProps) {
  const [isFormOpen, setIsFormOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [focusTarget, setFocusTarget] = useState<'opener' | 'notice' | null>(null);

  useEffect(() => {
    if (focusTarget === 'opener') openerRef.current?.focus();
    if (focusTarget === 'notice') noticeRef.current?.focus();
    if (focusTarget) setFocusTarget(null);
  }, [focusTarget]);

  return (
    <div className="w-full space-y-2">
      {notice && (
        <p ref={noticeRef} tabIndex={-1} role="status" className="text-sm font-medium text-green-800">
          {notice}
        </p>
      )}
      {isOpen && !isFormOpen && (
        <Button
          ref={openerRef}
          variant="secondary"
          size="sm"
          onClick={() => {
            setNotice(null);
            setIsFormOpen(true);
          }}
          aria-label={`Record payment received: ${label}`}
        >
          Record payment received
        </Button>
      )}
      {isOpen && isFormOpen && (
        <PaymentReceivedForm
          uid={uid}
          type={type}
          docId={docId}
          label={label}
          duePaise={duePaise}
          onCancel={() => {
            setIsFormOpen(false);
            setFocusTarget('opener');
          }}
          onRecorded={(text) => {
            setIsFormOpen(false);
            setNotice(text);
            setFocusTarget('notice');
          }}
        />
      )}
    </div>
  );
}

function PaymentReceivedForm({
  uid,
  type,
  docId,
  label,
  duePaise,
  onCancel,
  onRecorded,
}: Omit<OfflinePaymentProps, 'isOpen'> & { onCancel: () => void; onRecorded: (text: string) => void }) {
  // Made once per form: a double click or a retry after an error records one receipt.
  const [requestId] = useState(() => crypto.randomUUID());
  // Empty, not the amount due: a customer who deducted TDS paid less, and a pre-filled full amount
  // plus the TDS typed after it came to more than was due.
  const received = useTextState<string>('');
  const tds = useTextState('');
  const receivedOn = useTextState(() => istToday());
  // The citation picked; what the form offers is the set of the law on the day received (below).
  const tdsSection = useTextState<string>(() => tdsCitationsOn(istToday())[0]!.id);
  const method = useTextState<Method>('bank-transfer');
  const reference = useTextState('');
  const [problem, setProblem] = useState<string | null>(null);
  const balanceRef = useRef(0);
  const {
    run: save,
    isBusy: isSaving,
    error,
  } = useAction(async (payment: OfflinePaymentInput) => {
    balanceRef.current = (await recordOfflinePayment(payment)).balanceDuePaise;
  });
  const id = useId();
  const firstFieldRef = useRef<HTMLInputElement>(null);

  useEffect(() => firstFieldRef.current?.focus(), []);

  const section = citationOn(tdsSection.value, receivedOn.value);
  // Bound to what is recorded, so the select never shows a citation the date's law lacks.
  const sectionState = { bind: bindText(section.id, tdsSection.setValue) };
  const isReceivedEmpty = !received.value.trim();
  const receivedPaise = rupeeTextToPaise(received.value);
  const tdsPaise = tds.value.trim() ? rupeeTextToPaise(tds.value) : 0;
  const settles = receivedPaise !== null && tdsPaise !== null ? receivedPaise + tdsPaise : null;
  // What the customer pays when they deduct this TDS from the whole amount due.
  const restAfterTds = tdsPaise !== null && tdsPaise > 0 && tdsPaise < duePaise ? duePaise - tdsPaise : null;
  const net =
    settles !== null && tdsPaise !== null && tdsPaise > 0
      ? `${formatInrWithPaise(receivedPaise!)} received + ${formatInrWithPaise(tdsPaise)} TDS = ${formatInrWithPaise(settles)}. `
      : '';
  const preview =
    settles === null
      ? null
      : settles > duePaise
        ? `That is more than the ${formatInrWithPaise(duePaise)} due.`
        : settles === duePaise
          ? `Settles it in full: it becomes Paid, and its ${sellerDocumentWords(taxSettings.registered).lower} is issued for the whole amount.`
          : `Settles ${formatInrWithPaise(settles)}: it becomes Partially paid with ${formatInrWithPaise(duePaise - settles)} due.`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (receivedPaise === null || tdsPaise === null) {
      setProblem(isReceivedEmpty ? 'Enter the amount received.' : AMOUNT_FORMAT_MESSAGE);
      document.getElementById(`${id}-${receivedPaise === null ? 'received' : 'tds'}`)?.focus();
      return;
    }
    const parsed = offlinePaymentSchema.safeParse({
      uid,
      type,
      docId,
      requestId,
      amountReceivedPaise: receivedPaise,
      tdsPaise,
      tdsSection: tdsPaise > 0 ? section.id : null,
      receivedOn: receivedOn.value,
      method: method.value,
      reference: reference.value,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue?.message ?? 'Check the payment.');
      // The field the message is about takes the focus.
      const field = FIELD_OF[String(issue?.path[0])];
      if (field) document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setProblem(null);
    if (!(await save(parsed.data))) return;
    const balance = balanceRef.current;
    const withTds = tdsPaise > 0 ? ` and ${formatInrWithPaise(tdsPaise)} TDS (${section.short})` : '';
    onRecorded(
      `Recorded ${formatInrWithPaise(receivedPaise)} received${withTds} for ${label}: ` +
        (balance > 0 ? `Partially paid, ${formatInrWithPaise(balance)} due.` : 'Paid in full.'),
    );
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={`Payment received for ${label}`}
      className="grid w-full grid-cols-1 gap-3 rounded-md bg-slate-50 p-3 sm:grid-cols-2"
    >
      <p className="text-sm text-slate-800 sm:col-span-2">
        Due now: <strong>{formatInrWithPaise(duePaise)}</strong>
      </p>
      <Input
        ref={firstFieldRef}
        id={`${id}-received`}
        label="Amount received (₹)"
        inputMode="decimal"
        required
        {...received.bind}
      />
      <Input id={`${id}-tds`} label="TDS deducted (₹, if any)" inputMode="decimal" placeholder="0" {...tds.bind} />
      {tdsPaise !== null && tdsPaise > 0 && (
        <Choice
          id={`${id}-section`}
          label="TDS section"
          hint={`${section.act}: the law on the date received.`}
          state={sectionState}
          options={tdsCitationsOn(dayOrToday(receivedOn.value)).map((citation): [string, string] => [
            citation.id,
            citation.label,
          ])}
        />
      )}
      <Input id={`${id}-date`} label="Date received" type="date" required max={istToday()} {...receivedOn.bind} />
      <Choice
        id={`${id}-method`}
        label="Paid by"
        state={method}
        options={OFFLINE_METHODS.map((value): [Method, string] => [value, OFFLINE_METHOD_LABELS[value]])}
      />
      <Input
        id={`${id}-reference`}
        label="Reference (UTR, UPI or cheque number)"
        required
        maxLength={100}
        {...reference.bind}
      />
      {isReceivedEmpty && restAfterTds !== null && (
        <p className="text-sm text-slate-800 sm:col-span-2">
          Paid the rest after TDS?{' '}
          <Button variant="link" onClick={() => received.setValue(paiseToRupeeText(restAfterTds))}>
            Received {formatInrWithPaise(restAfterTds)}
          </Button>
        </p>
      )}
      {preview && (
        <p className="text-sm text-slate-800 sm:col-span-2" aria-live="polite" data-testid="offline-settles">
          {net}
          {preview}
        </p>
      )}
      <MessageLine text={problem ?? error} className="sm:col-span-2" />
      <div className="flex flex-wrap gap-2 sm:col-span-2">
        <Button type="submit" size="sm" disabled={isSaving}>
          {isSaving ? 'Saving...' : 'Record payment'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** The date typed, or today while it is not a whole date (the field being edited). */
const dayOrToday = (day: string) => (/^\d{4}-\d{2}-\d{2}$/.test(day) ? day : istToday());

/**
 * The citation the form records: the one picked, when the law of the day received has it; else the
 * same kind of payment under that law (194J picked, then the date moved into April 2026: 1027,
 * professional fees), else that law's first.
 */
function citationOn(picked: string, receivedOn: string): TdsCitation {
  const day = dayOrToday(receivedOn);
  const offered = tdsCitationsOn(day);
  const kind = tdsKindOf(picked);
  return offered.find((citation) => citation.id === picked) ?? (kind ? tdsCitationFor(kind, day) : null) ?? offered[0]!;
}

/** The form's control for each field of offlinePaymentSchema (the id's suffix). */
const FIELD_OF: Record<string, string> = {
  amountReceivedPaise: 'received',
  tdsPaise: 'tds',
  tdsSection: 'section',
  receivedOn: 'date',
  method: 'method',
  reference: 'reference',
};

/** One of the form's inputs, its label above it. */
function Input({ id, label, ...input }: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <label htmlFor={id} className={LABEL}>
      {label}
      <input id={id} {...input} className={CONTROL} />
    </label>
  );
}

/** One of the form's selects: its label above it, each option a value and its text, and any hint below. */
function Choice<Value extends string>({
  id,
  label,
  hint,
  state,
  options,
}: {
  id: string;
  label: string;
  hint?: string;
  state: Pick<ReturnType<typeof useTextState<Value>>, 'bind'>;
  options: Array<[Value, string]>;
}) {
  const select = (
    <label htmlFor={id} className={LABEL}>
      {label}
      <select id={id} {...state.bind} className={CONTROL} aria-describedby={hint ? `${id}-hint` : undefined}>
        <Options options={options} />
      </select>
    </label>
  );
  if (!hint) return select;
  return (
    <div className="flex min-w-0 flex-col">
      {select}
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-700">
        {hint}
      </p>
    </div>
  );
}
