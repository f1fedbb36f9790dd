import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TERMS } from '@/features/policies/content';

describe('Terms: payment and invoices', () => {
  it('when a company pays net of TDS, then the Terms say how the TDS is worked out and that it is settled only on its certificate', () => {
    const section = TERMS.sections.find((each) => each.id === 'payment')!;
    const text = render(<>{section.body}</>).container.textContent ?? '';

    expect(text).toContain('it may pay an invoice online net of that TDS');
    expect(text).toContain('taxable value (GST shown separately is left out)');
    expect(text).toContain('rounded to the rupee');
    expect(text).toContain('TDS that does not appear in our Form 26AS remains payable by you');
  });
});
