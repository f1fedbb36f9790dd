import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { CheckboxField, FormMessage, TextField } from '@/components/form-field';
import { purchaseOrderRulesSchema, type PurchaseOrderRules } from '@/domain/purchase-order';
import { savePurchaseOrderRules } from './api';

/**
 * A company's purchase-order rules: whether every bill it pays must quote its PO number (the pay
 * page then asks for one before paying), and the vendor code it knows us by (printed on its bills).
 */
export function PurchaseOrderRulesForm({
  companyId,
  rules,
  onSaved,
  audience = 'company',
}: {
  companyId: string;
  rules: PurchaseOrderRules;
  onSaved?: (rules: PurchaseOrderRules) => void;
  /** Who reads it: the company itself (its statement page), or staff (its console page). */
  audience?: 'company' | 'staff';
}) {
  const [requirePoNumber, setRequirePoNumber] = useState(rules.requirePoNumber);
  const [vendorCode, setVendorCode] = useState(rules.vendorCode);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = purchaseOrderRulesSchema.safeParse({ requirePoNumber, vendorCode });
    if (!parsed.success) {
      setMessage({ tone: 'error', text: parsed.error.issues[0]!.message });
      return;
    }
    setIsSaving(true);
    setMessage(null);
    try {
      const saved = await savePurchaseOrderRules(companyId, parsed.data);
      setMessage({ tone: 'success', text: 'Saved.' });
      onSaved?.(saved);
    } catch (error) {
      setMessage({ tone: 'error', text: error instanceof Error ? error.message : String(error) });
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} className="space-y-3" noValidate>
      <CheckboxField checked={requirePoNumber} onCheckedChange={setRequirePoNumber}>
        Require a purchase order (PO) number on every bill paid: the pay page asks for it before paying.
      </CheckboxField>
      <TextField
        label={audience === 'company' ? 'Vendor code (how your accounts know us)' : 'Our vendor code with them'}
        value={vendorCode}
        onChange={(event) => setVendorCode(event.target.value)}
        maxLength={30}
        isOptional
        fieldClassName="max-w-sm"
        autoComplete="off"
      />
      <Button type="submit" variant="secondary" size="sm" disabled={isSaving}>
        {isSaving ? 'Saving...' : 'Save PO rules'}
      </Button>
      {message && <FormMessage tone={message.tone}>{message.text}</FormMessage>}
    </form>
  );
}
