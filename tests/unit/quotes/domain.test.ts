import { describe, expect, it } from 'vitest';
import { quoteFields } from '../../helpers/quote-fields';
import {
  lineAmountPaise,
  MILESTONE_MESSAGES,
  milestoneInvoiceLines,
  newQuoteSchema,
  QUOTE_STATUS,
  quoteFieldsSchema,
  quoteFigures,
  quoteStatusOf,
  resolveMilestones,
  type Milestone,
  type QuoteLine,
} from '@/domain/quotes';
import { CATEGORIES } from '@/domain/catalogue';
import { PROJECT_TYPES, quoteRequestSchema } from '@/domain/quote-request';
import type { TaxSettings } from '@/domain/tax';

const INCLUSIVE: TaxSettings = { registered: true, ratePercent: 18, pricesIncludeGst: true };
const UNREGISTERED: TaxSettings = { registered: false, ratePercent: 18, pricesIncludeGst: true };

/** The milestones' amounts, which the test knows add up. */
function milestonesOf(...args: Parameters<typeof resolveMilestones>): Milestone[] {
  const result = resolveMilestones(...args);
  if (!result.ok) throw new Error(result.message);
  return result.milestones;
}

const line = (ratePaise: number, overrides: Partial<QuoteLine> = {}): QuoteLine => ({
  description: 'Build',
  sac: '998314',
  quantity: 1,
  ratePaise,
  ...overrides,
});

describe('quote lines and milestones', () => {
  it('when a line has a fractional quantity, then its amount is quantity × rate to the paisa', () => {
    expect(lineAmountPaise({ quantity: 1.5, ratePaise: 333_33 })).toBe(500_00);
    expect(lineAmountPaise({ quantity: 3, ratePaise: 1_50_000_00 })).toBe(4_50_000_00);
  });

  it('when the milestones are 30/40/30 of ₹4,50,000, then they are ₹1,35,000, ₹1,80,000 and ₹1,35,000', () => {
    const resolved = resolveMilestones(4_50_000_00, [
      { label: 'Deposit', percent: 30 },
      { label: 'Beta', percent: 40 },
      { label: 'Go-live', percent: 30 },
    ]);
    expect(resolved).toEqual({
      ok: true,
      milestones: [
        { label: 'Deposit', percentBasisPoints: 3000, amountPaise: 1_35_000_00 },
        { label: 'Beta', percentBasisPoints: 4000, amountPaise: 1_80_000_00 },
        { label: 'Go-live', percentBasisPoints: 3000, amountPaise: 1_35_000_00 },
      ],
    });
  });

  it('when thirds do not divide to the paisa, then the paise are shared so the milestones add up exactly', () => {
    const resolved = resolveMilestones(100_00, [
      { label: 'A', percent: 33.33 },
      { label: 'B', percent: 33.33 },
      { label: 'C', percent: 33.34 },
    ]);
    expect(resolved.ok && resolved.milestones.map((milestone) => milestone.amountPaise)).toEqual([3333, 3333, 3334]);
    const odd = resolveMilestones(1_000_01, [
      { label: 'A', percent: 50 },
      { label: 'B', percent: 50 },
    ]);
    expect(odd.ok && odd.milestones.reduce((sum, milestone) => sum + milestone.amountPaise, 0)).toBe(1_000_01);
  });

  it('when amounts and a percentage together make the total, then the percentage takes what the amounts leave', () => {
    const resolved = resolveMilestones(1_00_000_00, [
      { label: 'Deposit', amountPaise: 50_000_00 },
      { label: 'Rest', percent: 50 },
    ]);
    expect(resolved.ok && resolved.milestones.map((milestone) => milestone.amountPaise)).toEqual([
      50_000_00, 50_000_00,
    ]);
  });

  it('when the milestones miss the total, then it says by how much, in percentages or in rupees', () => {
    expect(
      resolveMilestones(4_50_000_00, [
        { label: 'A', percent: 30 },
        { label: 'B', percent: 40 },
      ]),
    ).toEqual({ ok: false, message: MILESTONE_MESSAGES.percentages('70') });
    expect(
      resolveMilestones(4_50_000_00, [
        { label: 'A', amountPaise: 1_00_000_00 },
        { label: 'B', amountPaise: 3_00_000_00 },
      ]),
    ).toEqual({ ok: false, message: "The milestones add up to ₹4,00,000, not the quote's total of ₹4,50,000." });
  });

  it('when the quote fields are checked, then the schema refuses milestones that miss the total with the same message', () => {
    const parsed = quoteFieldsSchema.safeParse(quoteFields({ milestones: [{ label: 'All but one', percent: 99 }] }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(MILESTONE_MESSAGES.percentages('99'));
    expect(quoteFieldsSchema.safeParse(quoteFields()).success).toBe(true);
    expect(newQuoteSchema.safeParse(quoteFields()).error?.issues[0]?.message).toBe(
      'Say which customer or enquiry the quote is for.',
    );
    expect(newQuoteSchema.safeParse({ ...quoteFields(), enquiryId: 'e1' }).success).toBe(true);
  });

  it('when a milestone has both a percentage and an amount, or neither, then it is refused', () => {
    const parsed = quoteFieldsSchema.safeParse(
      quoteFields({ milestones: [{ label: 'Both', percent: 100, amountPaise: 100 }] }),
    );
    expect(parsed.error?.issues[0]?.message).toBe('Give each milestone a percentage or an amount.');
  });
});

describe('quote status', () => {
  it('when a sent quote is past its date, then it is Expired; on its last day it is still Sent', () => {
    expect(quoteStatusOf('Sent', '2026-05-01', '2026-05-02')).toBe(QUOTE_STATUS.expired);
    expect(quoteStatusOf('Sent', '2026-05-02', '2026-05-02')).toBe(QUOTE_STATUS.sent);
    expect(quoteStatusOf('Accepted', '2026-05-01', '2026-05-02')).toBe(QUOTE_STATUS.accepted);
    expect(quoteStatusOf('Withdrawn', '2026-05-01', '2026-05-02')).toBe(QUOTE_STATUS.withdrawn);
  });
});

describe('quote figures', () => {
  /** The figures of the one-line ₹4,50,000 quote (GST included, 30/40/30) to a buyer in the seller's state. */
  const oneLineQuoteFigures = (tax: TaxSettings) =>
    quoteFigures(
      {
        lines: [line(4_50_000_00)],
        milestones: milestonesOf(4_50_000_00, quoteFields().milestones),
        amountsIncludeGst: true,
      },
      tax,
      'intra-state',
    );

  it('when prices include GST, then the milestones charge their amounts and the totals are their sum', () => {
    const figures = oneLineQuoteFigures(INCLUSIVE);
    expect(figures.milestones.map((milestone) => milestone.split.totalPaise)).toEqual([
      1_35_000_00, 1_80_000_00, 1_35_000_00,
    ]);
    expect(figures.totals.totalPaise).toBe(4_50_000_00);
    expect(figures.totals.cgstPaise).toBe(figures.totals.sgstPaise);
    expect(figures.totals.taxablePaise + figures.totals.cgstPaise * 2).toBe(4_50_000_00);
  });

  it('when GST is added on top, then the taxable values add up to the lines and each milestone adds its own GST', () => {
    const lines = [line(1_000_01), line(2_333_33, { sac: '998315', description: 'Training' })];
    const milestones = milestonesOf(3_333_34, [
      { label: 'A', percent: 33.33 },
      { label: 'B', percent: 66.67 },
    ]);
    const figures = quoteFigures({ lines, milestones, amountsIncludeGst: false }, INCLUSIVE, 'inter-state');
    expect(figures.totals.taxablePaise).toBe(3_333_34);
    expect(figures.totals.igstPaise).toBe(
      figures.milestones.reduce((sum, milestone) => sum + milestone.split.igstPaise, 0),
    );
  });

  it('when the seller charges no GST, then the totals are the listed amounts with no tax', () => {
    const figures = oneLineQuoteFigures(UNREGISTERED);
    expect(figures.totals).toEqual({
      taxablePaise: 4_50_000_00,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      totalPaise: 4_50_000_00,
    });
  });

  it("when a quote has lines of two SACs, then each milestone's invoice has a line per SAC, shared to the paisa", () => {
    const lines = [
      line(3_000_00, { description: 'Design' }),
      line(1_000_01, { sac: '998315', description: 'Training' }),
    ];
    const invoiceLines = milestoneInvoiceLines(
      { description: 'Dashboard', lines },
      { label: 'Deposit', amountPaise: 1_200_00 },
    );
    expect(invoiceLines).toEqual([
      { sac: '998314', amountPaise: 90_000, description: 'Deposit: Design' },
      { sac: '998315', amountPaise: 30_000, description: 'Deposit: Training' },
    ]);
    expect(
      milestoneInvoiceLines(
        { description: 'Dashboard', lines: [line(100_00)] },
        { label: 'Deposit', amountPaise: 30_00 },
      ),
    ).toEqual([{ sac: '998314', amountPaise: 30_00, description: 'Deposit: Dashboard' }]);
  });
});

describe('the quote request form', () => {
  it("when the catalogue's categories are listed, then the project types are exactly they and Other", () => {
    expect(PROJECT_TYPES).toEqual([...CATEGORIES.map((category) => category.name), 'Other']);
  });

  it('when a visitor asks for a quote, then project type, brief, budget and timeline are required from the lists', () => {
    const base = {
      kind: 'quote request',
      name: 'Asha',
      email: 'asha@example.com',
      projectType: 'Factory Management',
      brief: 'A dashboard for our plant.',
      budget: '₹3 – 10 lakh',
      timeline: '1 – 3 months',
    };
    expect(quoteRequestSchema.safeParse(base).success).toBe(true);
    expect(quoteRequestSchema.safeParse({ ...base, projectType: 'Spaceships' }).error?.issues[0]?.message).toBe(
      'Choose the kind of project.',
    );
    expect(quoteRequestSchema.safeParse({ ...base, brief: ' ' }).error?.issues[0]?.message).toBe(
      'Tell us briefly what you need.',
    );
  });
});
