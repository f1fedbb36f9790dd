import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormMessage, TextAreaField, TextField } from '@/components/form-field';
import { Modal } from '@/components/modal';
import { AMOUNT_FORMAT_MESSAGE, formatInr, rupeeTextToPaise } from '@/domain/money';
import { addDays, istToday, daysBetween } from '@/domain/ist';
import {
  DEFAULT_DUE_DAYS,
  invoiceTotalPaise,
  proformaFieldsSchema,
  type ProformaFields,
  type ProformaPreview,
} from '@/domain/proforma';
import { MSME_MAX_TERM_DAYS } from '@/domain/msme';
import { gstPreview } from '@/domain/tax';
import { taxSettings } from '@/lib/tax-settings';
import { useCheckedSave } from '@/lib/use-checked-save';
import { useDraftRows, useTextState } from '@/components/console/field-state';
import { DecimalField, GstIncludedChoice, LinesFieldset } from '@/components/console/lines-parts';
import type { IssuedProforma } from '@/records/invoices';

interface LineDraft {
  description: string;
  /** As typed, in rupees. */
  amount: string;
}

const EMPTY_LINE: LineDraft = { description: '', amount: '' };

/** A line's typed amount as paise (the one rupee parser); NaN while it is not an amount. */
const toPaise = (amount: string) => rupeeTextToPaise(amount) ?? Number.NaN;

/**
 * Issues a proforma invoice: what it is for, its lines, whether their amounts include GST (the
 * GST it comes to is shown as staff type), and its due date. Staff first see a preview, the exact
 * mail and PDF (`onPreview`), then issue it (`onIssue`) for one customer or one enquiry's sender.
 * Its number is the next of the PI series, given by the server; the customer gets it by mail with
 * its PDF and a pay link anyone can use.
 */
export function IssueProformaForm({
  onPreview,
  onIssue,
}: {
  onPreview: (fields: ProformaFields) => Promise<ProformaPreview>;
  onIssue: (fields: ProformaFields) => Promise<IssuedProforma>;
}) {
  const description = useTextState('');
  const lines = useDraftRows<LineDraft>([{ ...EMPTY_LINE }]);
  const [amountsIncludeGst, setAmountsIncludeGst] = useState(taxSettings.pricesIncludeGst);
  const dueDate = useTextState(() => addDays(istToday(), DEFAULT_DUE_DAYS));
  const poNumber = useTextState('');
  const vendorCode = useTextState('');
  const longTermReason = useTextState('');
  // Beyond 45 days a micro or small enterprise seller must say why (section 15 of the MSMED Act).
  const isLongTerm =
    /^\d{4}-\d{2}-\d{2}$/.test(dueDate.value) && daysBetween(istToday(), dueDate.value) > MSME_MAX_TERM_DAYS;
  const { message, setMessage, isSaving, setIsSaving, save } = useCheckedSave();
  const [issued, setIssued] = useState<IssuedProforma | null>(null);
  const [preview, setPreview] = useState<{ fields: ProformaFields; shown: ProformaPreview } | null>(null);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const lineRefs = useRef<Array<HTMLInputElement | null>>([]);
  const [focusLine, setFocusLine] = useState<number | null>(null);

  // After issuing, focus the news (the dialog's own focus return runs first, in its effect).
  useEffect(() => {
    if (issued) messageRef.current?.focus();
  }, [issued]);

  useEffect(() => {
    if (focusLine === null) return;
    lineRefs.current[focusLine]?.focus();
    setFocusLine(null);
  }, [focusLine]);

  const paiseLines = lines.rows.map((line) => ({
    description: line.description.trim(),
    amountPaise: toPaise(line.amount),
  }));
  const isReadable = paiseLines.every((line) => Number.isFinite(line.amountPaise));
  const listedPaise = isReadable ? invoiceTotalPaise(paiseLines) : null;
  const gst = isReadable
    ? gstPreview(
        paiseLines.map((line) => line.amountPaise),
        { ...taxSettings, pricesIncludeGst: amountsIncludeGst },
      )
    : null;
  const totalPaise = gst?.totalPaise ?? listedPaise;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    setIssued(null);
    const unreadable = paiseLines.findIndex((line) => !Number.isFinite(line.amountPaise));
    if (unreadable >= 0) {
      setMessage({ tone: 'error', text: `Line ${unreadable + 1}: ${AMOUNT_FORMAT_MESSAGE}` });
      return;
    }
    const parsed = proformaFieldsSchema.safeParse({
      description: description.value,
      lines: paiseLines,
      amountsIncludeGst,
      dueDate: dueDate.value,
      poNumber: poNumber.value,
      vendorCode: vendorCode.value,
      longTermReason: isLongTerm ? longTermReason.value : '',
    });
    await save(parsed, 'Check the invoice.', async (fields) => {
      setPreview({ fields, shown: await onPreview(fields) });
      return null;
    });
  }

  async function issue() {
    if (!preview) return;
    setIsSaving(true);
    setPreviewError(null);
    try {
      const result = await onIssue(preview.fields);
      setPreview(null);
      setIssued(result);
      setMessage({
        tone: 'success',
        text: `Proforma ${result.number} issued for ${formatInr(result.amountPaise)} and mailed to the customer.`,
      });
      description.setValue('');
      lines.setRows([{ ...EMPTY_LINE }]);
      poNumber.setValue('');
      longTermReason.setValue('');
    } catch (error) {
      // Kept in the dialog: nothing was issued, and the form still holds what was typed.
      setPreviewError(error instanceof Error ? error.message : String(error));
    } finally {
      setIsSaving(false);
    }
  }

  function removeLine(index: number) {
    lines.remove(index);
    // The removed line's button is gone: focus the line before it (or the new first line).
    setFocusLine(Math.max(0, index - 1));
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Issue a proforma invoice" className="space-y-3">
      <p className="text-sm text-slate-700">
        It is numbered in the proforma series (PI/…) when issued, and mailed with its PDF and a pay link.
      </p>
      <TextAreaField label="Description" required rows={2} maxLength={500} {...description.bind} />
      <LinesFieldset className="space-y-2" onAdd={() => lines.add(EMPTY_LINE)}>
        {lines.rows.map((_, index) => (
          <div key={index} className="grid grid-cols-1 gap-2 sm:grid-cols-[1fr_10rem_auto] sm:items-end">
            <TextField
              ref={(element) => {
                lineRefs.current[index] = element;
              }}
              label={`Line ${index + 1} description`}
              required
              maxLength={200}
              {...lines.bind(index, 'description')}
            />
            <DecimalField
              label={`Line ${index + 1} amount (₹)`}
              placeholder="2,80,000"
              {...lines.bind(index, 'amount')}
            />
            {lines.rows.length > 1 && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => removeLine(index)}
                aria-label={`Remove line ${index + 1}`}
              >
                Remove
              </Button>
            )}
          </div>
        ))}
      </LinesFieldset>
      <GstIncludedChoice name="gst" includesGst={amountsIncludeGst} onChange={setAmountsIncludeGst} />
      <TextField label="Due date" type="date" required min={istToday()} {...dueDate.bind} />
      {isLongTerm && (
        <TextField
          label={`Why it is due more than ${MSME_MAX_TERM_DAYS} days from today`}
          hint="Kept with the invoice and in the audit log. A micro or small enterprise seller may not issue one without it; interest under the MSMED Act still runs from the 46th day."
          maxLength={300}
          {...longTermReason.bind}
        />
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Customer's PO number" isOptional maxLength={40} {...poNumber.bind} />
        <TextField
          label="Our vendor code with them"
          isOptional
          maxLength={30}
          hint="Left empty: the vendor code in their PO rules."
          {...vendorCode.bind}
        />
      </div>
      <dl className="grid max-w-sm grid-cols-[1fr_auto] gap-x-4 text-sm text-slate-800" data-testid="proforma-totals">
        {gst && (
          <>
            <dt>Taxable value</dt>
            <dd className="text-right">{formatInr(gst.taxablePaise)}</dd>
            <dt>GST ({taxSettings.ratePercent}%)</dt>
            <dd className="text-right">{formatInr(gst.gstPaise)}</dd>
          </>
        )}
        <dt className="font-semibold">Total payable</dt>
        <dd className="text-right font-semibold" data-testid="invoice-total">
          {totalPaise === null ? '—' : formatInr(totalPaise)}
        </dd>
      </dl>
      <Button type="submit" disabled={isSaving}>
        {isSaving && !preview ? 'Preparing preview...' : 'Preview'}
      </Button>
      <div ref={messageRef} tabIndex={-1} className="space-y-2 outline-none">
        {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
        {issued && (
          <p className="text-sm break-words text-slate-700">
            Pay link (anyone with it can pay):{' '}
            <a href={issued.payUrl} className="text-brand-darker underline">
              {issued.payUrl}
            </a>
          </p>
        )}
      </div>
      <ProformaPreviewDialog
        preview={preview?.shown ?? null}
        error={previewError}
        isIssuing={isSaving}
        onBack={() => {
          setPreview(null);
          setPreviewError(null);
        }}
        onIssue={() => void issue()}
      />
    </form>
  );
}

/**
 * The exact mail (in a sandboxed frame: no scripts, no navigation) and PDF issuing will send,
 * with the number it will get; "Issue proforma" issues it, "Back to edit" returns to the form.
 */
function ProformaPreviewDialog({
  preview,
  error,
  isIssuing,
  onBack,
  onIssue,
}: {
  preview: ProformaPreview | null;
  error: string | null;
  isIssuing: boolean;
  onBack: () => void;
  onIssue: () => void;
}) {
  const pdfUrl = useMemo(() => {
    if (!preview) return null;
    const bytes = Uint8Array.from(atob(preview.pdfBase64), (char) => char.charCodeAt(0));
    return URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
  }, [preview]);
  useEffect(() => () => (pdfUrl ? URL.revokeObjectURL(pdfUrl) : undefined), [pdfUrl]);

  return (
    <Modal
      isOpen={preview !== null}
      onClose={onBack}
      size="lg"
      title="Check the proforma before issuing it"
      description={
        preview
          ? `It will be ${preview.number} for ${formatInr(preview.amountPaise)} (the next number, unless another proforma is issued first).`
          : undefined
      }
    >
      {preview && (
        <div className="space-y-3">
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-800">
            <dt className="font-medium">To</dt>
            <dd className="break-words">{preview.to}</dd>
            <dt className="font-medium">Subject</dt>
            <dd>{preview.subject}</dd>
          </dl>
          <iframe
            title="The mail the customer will get"
            srcDoc={preview.html}
            sandbox=""
            className="h-80 w-full rounded-md border border-slate-300 bg-white"
          />
          {pdfUrl && (
            <a
              href={pdfUrl}
              target="_blank"
              rel="noreferrer"
              download={preview.fileName}
              className="text-brand-darker text-sm underline"
            >
              Open the PDF ({preview.fileName})
            </a>
          )}
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={onBack}>
              Back to edit
            </Button>
            <Button onClick={onIssue} disabled={isIssuing} data-autofocus>
              {isIssuing ? 'Issuing...' : 'Issue proforma'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
