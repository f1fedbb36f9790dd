import { describe, expect, it } from 'vitest';
import {
  ageingBucketOf,
  buildStatement,
  CSV_TYPES,
  STATEMENT_CSV_COLUMNS,
  statementCsvText,
  type Ledger,
  type Statement,
} from '@/domain/statement';
import { decimalToPaise, generateLedger, parseCsv, snapshotOf } from '../../helpers/statement-ledgers';

const LEDGERS = 1000;

/** The figures the CSV gives, read back from its text: what a clerk's spreadsheet would add up. */
function csvTotals(csv: string) {
  const [header, ...rows] = parseCsv(csv);
  expect(header).toEqual(STATEMENT_CSV_COLUMNS.map((column) => column.header));
  const of = (type: string) => rows.filter((row) => row[1] === type);
  const opening = of(CSV_TYPES.opening)[0]!;
  const closing = of(CSV_TYPES.closing)[0]!;
  const interest = of(CSV_TYPES.interest)[0];
  const lines = rows.slice(1, rows.indexOf(closing));
  return {
    openingPaise: decimalToPaise(opening[7]!),
    closingPaise: decimalToPaise(closing[7]!),
    debitsPaise: decimalToPaise(closing[5]!),
    creditsPaise: decimalToPaise(closing[6]!),
    lineBalances: lines.map((row) => decimalToPaise(row[7]!)),
    lineDebits: lines.reduce((sum, row) => sum + (row[5] ? decimalToPaise(row[5]) : 0), 0),
    lineCredits: lines.reduce((sum, row) => sum + (row[6] ? decimalToPaise(row[6]) : 0), 0),
    ageing: of(CSV_TYPES.ageing).map((row) => [row[3], decimalToPaise(row[7]!)]),
    openItems: of(CSV_TYPES.openItem).reduce((sum, row) => sum + decimalToPaise(row[7]!), 0),
    interestPaise: interest ? decimalToPaise(interest[7]!) : null,
  };
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe(`buildStatement over ${LEDGERS} generated ledgers`, () => {
  it('when any ledger and range is stated, then opening + movements = closing to the paisa, each line carries the running balance, the ageing adds up to the closing balance, and the CSV gives the same totals', () => {
    let withLines = 0;
    let withInterest = 0;
    for (let seed = 1; seed <= LEDGERS; seed += 1) {
      const generated = generateLedger(seed);
      const { ledger, from, to } = generated;
      const statement = buildStatement(ledger, { from, to, bankRatePercent: generated.bankRatePercent });
      const context = `seed ${seed}`;

      // Independently of the lines: everything before the range, and everything up to its end.
      const opening = sum(ledger.entries.filter((entry) => entry.day < from).map((entry) => entry.amountPaise));
      const closing = sum(ledger.entries.filter((entry) => entry.day <= to).map((entry) => entry.amountPaise));
      expect(statement.openingPaise, context).toBe(opening);
      expect(statement.closingPaise, context).toBe(closing);
      expect(statement.openingPaise + statement.debitsPaise - statement.creditsPaise, context).toBe(closing);
      let running = statement.openingPaise;
      for (const line of statement.lines) {
        expect(line.debitPaise === 0 || line.creditPaise === 0, context).toBe(true);
        running += line.debitPaise - line.creditPaise;
        expect(line.balancePaise, context).toBe(running);
        expect(line.day >= from && line.day <= to, context).toBe(true);
      }
      expect(running, context).toBe(closing);
      expect(sum(statement.ageing.map((bucket) => bucket.amountPaise)), context).toBe(closing);
      expect(
        sum(statement.openItems.map((item) => item.openPaise)) + statement.ageing.at(-1)!.amountPaise,
        context,
      ).toBe(closing);
      for (const item of statement.openItems) {
        expect(item.openPaise, context).toBeGreaterThan(0);
        expect(item.bucket, context).toBe(ageingBucketOf(item.daysPastDue));
      }

      const csv = csvTotals(statementCsvText(snapshotOf(generated, statement)));
      expect(csv.openingPaise, context).toBe(statement.openingPaise);
      expect(csv.closingPaise, context).toBe(statement.closingPaise);
      expect([csv.debitsPaise, csv.creditsPaise], context).toEqual([statement.debitsPaise, statement.creditsPaise]);
      expect([csv.lineDebits, csv.lineCredits], context).toEqual([statement.debitsPaise, statement.creditsPaise]);
      expect(csv.lineBalances, context).toEqual(statement.lines.map((line) => line.balancePaise));
      expect(csv.ageing, context).toEqual(statement.ageing.map((bucket) => [bucket.label, bucket.amountPaise]));
      expect(sum(csv.ageing.map(([, paise]) => paise as number)), context).toBe(csv.closingPaise);
      expect(csv.openItems, context).toBe(sum(statement.openItems.map((item) => item.openPaise)));
      expect(csv.interestPaise, context).toBe(statement.interest?.totalPaise ?? null);

      if (statement.lines.length > 0) withLines += 1;
      if ((statement.interest?.totalPaise ?? 0) > 0) withInterest += 1;
    }
    // The generator reaches the cases that matter.
    expect(withLines).toBeGreaterThan(LEDGERS / 2);
    expect(withInterest).toBeGreaterThan(LEDGERS / 10);
  });
});

describe('buildStatement', () => {
  const item = (key: string, issueDay: string, dueDay: string) => ({
    key,
    label: `Proforma ${key}`,
    issueDay,
    dueDay,
    purchaseOrder: { poNumber: `PO-${key}`, vendorCode: null },
    payable: { type: 'invoice' as const, docId: key },
  });
  const ledger: Ledger = {
    items: [
      item('a', '2026-09-01', '2026-09-16'),
      item('b', '2026-10-20', '2026-11-04'),
      item('c', '2026-11-10', '2026-11-25'),
    ],
    entries: [
      {
        id: '1',
        day: '2026-09-01',
        atMs: 1,
        kind: 'proforma',
        reference: 'PI/1',
        description: 'A',
        amountPaise: 50_000_00,
        itemKey: 'a',
      },
      {
        id: '2',
        day: '2026-10-01',
        atMs: 2,
        kind: 'receipt',
        reference: 'pay_1',
        description: 'Part',
        amountPaise: -20_000_00,
        itemKey: 'a',
      },
      {
        id: '3',
        day: '2026-10-01',
        atMs: 2,
        kind: 'tds',
        reference: 'pay_1',
        description: 'TDS',
        amountPaise: -2_000_00,
        itemKey: 'a',
      },
      {
        id: '4',
        day: '2026-10-20',
        atMs: 3,
        kind: 'proforma',
        reference: 'PI/2',
        description: 'B',
        amountPaise: 30_000_00,
        itemKey: 'b',
      },
      {
        id: '5',
        day: '2026-11-10',
        atMs: 4,
        kind: 'proforma',
        reference: 'PI/3',
        description: 'C',
        amountPaise: 10_000_00,
        itemKey: 'c',
      },
      {
        id: '6',
        day: '2026-11-12',
        atMs: 5,
        kind: 'receipt',
        reference: 'pay_9',
        description: 'Loose',
        amountPaise: -1_000_00,
        itemKey: null,
      },
    ],
  };

  it('when a range starts after some movements, then they make the opening balance and the lines start from it', () => {
    const statement = buildStatement(ledger, { from: '2026-10-15', to: '2026-11-30', bankRatePercent: null });

    expect(statement.openingPaise).toBe(28_000_00);
    expect(
      statement.lines.map((line) => [line.reference, line.debitPaise, line.creditPaise, line.balancePaise]),
    ).toEqual([
      ['PI/2', 30_000_00, 0, 58_000_00],
      ['PI/3', 10_000_00, 0, 68_000_00],
      ['pay_9', 0, 1_000_00, 67_000_00],
    ]);
    expect(statement.lines[0]!.poNumber).toBe('PO-b');
    expect(statement.closingPaise).toBe(67_000_00);
  });

  it('when bills are open on the last day, then each is aged by its due date and money tied to no bill is unapplied', () => {
    const statement = buildStatement(ledger, { from: '2026-10-15', to: '2026-11-30', bankRatePercent: null });
    const amounts = Object.fromEntries(statement.ageing.map((bucket) => [bucket.bucket, bucket.amountPaise]));

    // a: due 16 Sep, 75 days past due, 28,000 open; b: due 4 Nov, 26 days; c: due 25 Nov, 5 days.
    expect(amounts).toEqual({
      'not-due': 0,
      '0-30': 40_000_00,
      '31-45': 0,
      '46-60': 0,
      '61-90': 28_000_00,
      'over-90': 0,
      credit: -1_000_00,
    });
    expect(statement.openItems.map((open) => [open.key, open.daysPastDue, open.openPaise])).toEqual([
      ['a', 75, 28_000_00],
      ['b', 26, 30_000_00],
      ['c', 5, 10_000_00],
    ]);
    expect(statement.interest).toBeNull();
  });

  it('when the seller is a micro or small enterprise, then each overdue bill carries section 16 interest and the total adds them', () => {
    const statement = buildStatement(ledger, { from: '2026-10-15', to: '2026-11-30', bankRatePercent: 5.5 });

    expect(statement.interest).toMatchObject({ bankRatePercent: 5.5, annualRatePercent: 16.5 });
    expect(statement.openItems.every((open) => (open.interestPaise ?? 0) > 0)).toBe(true);
    expect(statement.interest!.totalPaise).toBe(sum(statement.openItems.map((open) => open.interestPaise!)));
  });

  it('when nothing moved, then everything is zero and the buckets are all listed', () => {
    const statement: Statement = buildStatement(
      { entries: [], items: [] },
      { from: '2026-11-01', to: '2026-11-30', bankRatePercent: 5.5 },
    );

    expect(statement).toMatchObject({ openingPaise: 0, closingPaise: 0, lines: [], openItems: [] });
    expect(statement.ageing).toHaveLength(7);
    expect(statement.interest!.totalPaise).toBe(0);
  });
});
