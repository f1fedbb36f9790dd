import { describe, expect, it } from 'vitest';
import {
  E_INVOICE_THRESHOLD_PAISE,
  FINANCIAL_YEAR_MESSAGE,
  financialYearSchema,
  turnoverStanding,
  turnoverWarning,
  type Turnover,
} from '@/domain/turnover';
import { loadConfig } from '../../../server/config';

const LEVEL = 4_00_00_000_00;
const turnover = (taxablePaise: number): Turnover => ({
  financialYear: '2026-27',
  taxablePaise,
  invoicesPaise: taxablePaise,
  creditNotesPaise: 0,
  warningLevelPaise: LEVEL,
  thresholdPaise: E_INVOICE_THRESHOLD_PAISE,
});

describe('the turnover watch', () => {
  it('when the year is a paisa below the level, then no warning; at the level and up to ₹5 crore, the warning; past ₹5 crore, e-invoicing from the next 1 April', () => {
    expect(turnoverStanding(turnover(LEVEL - 1))).toBe('below');
    expect(turnoverWarning(turnover(LEVEL - 1))).toBeNull();

    expect(turnoverStanding(turnover(LEVEL))).toBe('near');
    expect(turnoverWarning(turnover(LEVEL))).toBe(
      "This year's turnover has reached ₹4,00,00,000. Once a financial year's aggregate turnover passes ₹5,00,00,000, e-invoicing is mandatory from the next 1 April (Notification 10/2023-Central Tax): every tax invoice, credit note and debit note to a registered buyer needs an IRN from the Invoice Registration Portal, without which it is not a valid invoice. Plan for it now.",
    );
    // The law says "exceeds": ₹5 crore itself is still the warning.
    expect(turnoverStanding(turnover(E_INVOICE_THRESHOLD_PAISE))).toBe('near');

    expect(turnoverStanding(turnover(E_INVOICE_THRESHOLD_PAISE + 1))).toBe('over');
    expect(turnoverWarning(turnover(E_INVOICE_THRESHOLD_PAISE + 1))).toMatch(
      /^This year's turnover has passed ₹5,00,00,000: e-invoicing is mandatory from 1 April 2027 \(Notification 10\/2023-Central Tax\)\..*arrange e-invoicing before 1 April 2027\.$/,
    );
  });

  it('when a financial year is asked for, then only YYYY-YY of consecutive years is one', () => {
    expect(financialYearSchema.parse('2026-27')).toBe('2026-27');
    expect(financialYearSchema.parse('1999-00')).toBe('1999-00');
    for (const bad of [undefined, '', '2026', '2026-28', '2026-2027', '26-27', ['2026-27']]) {
      expect(financialYearSchema.safeParse(bad).error?.issues[0]?.message).toBe(FINANCIAL_YEAR_MESSAGE);
    }
  });

  it('when TURNOVER_WARNING_RUPEES is unset, empty or set, then the level is ₹4 crore or the rupees given; above ₹5 crore or not whole, the API refuses to start', () => {
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'demo-site' }).TURNOVER_WARNING_RUPEES).toBe(4_00_00_000);
    expect(loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', TURNOVER_WARNING_RUPEES: '' }).TURNOVER_WARNING_RUPEES).toBe(
      4_00_00_000,
    );
    expect(
      loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', TURNOVER_WARNING_RUPEES: '45000000' }).TURNOVER_WARNING_RUPEES,
    ).toBe(4_50_00_000);
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', TURNOVER_WARNING_RUPEES: '60000000' })).toThrow(
      /TURNOVER_WARNING_RUPEES: must be at most the ₹5 crore threshold/,
    );
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', TURNOVER_WARNING_RUPEES: '4e7.5' })).toThrow(
      /TURNOVER_WARNING_RUPEES/,
    );
  });
});
