import { formatDay } from './dates';
import { paiseToDecimalText } from './money';
import { daysBetween, dateRangeSchema, istToday } from './ist';
import { section16Interest, section16RatePercent, type MsmeSnapshot } from './msme';
import type { PurchaseOrder } from './purchase-order';
import { excelCsvText, type CsvColumn } from './csv';
import type { RecipientSnapshot, SupplierSnapshot } from './tax-document';

/**
 * A company's statement of account for any range of days: the opening balance, every bill and
 * every payment against it in date order with a running balance, the closing balance, the ageing
 * of what is open and (for a micro or small enterprise seller) the interest section 16 of the
 * MSMED Act would add. One pure computation (`buildStatement`) gives every figure; the customer's
 * page, the PDF and the CSV only print it, so the three always agree.
 *
 * Signs: from the company's side of the ledger, what the customer owes. A bill (a proforma, or the
 * tax invoice of something paid at once) or a refund paid out adds (a debit); a payment, TDS the
 * customer deducted, a credit note or a cancelled proforma subtracts (a credit). So the balance is
 * what they owe; below zero, what we hold for them (a payment not yet applied or refunded).
 *
 * Money is integer paise throughout; nothing is rounded here except section 16 interest, which
 * msme.ts rounds once per bill.
 */

export type LedgerKind = 'proforma' | 'tax-invoice' | 'cancellation' | 'receipt' | 'tds' | 'credit-note' | 'refund';

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  proforma: 'Proforma invoice',
  'tax-invoice': 'Invoice',
  cancellation: 'Proforma cancelled',
  receipt: 'Payment received',
  tds: 'TDS deducted',
  'credit-note': 'Credit note',
  refund: 'Refund paid',
};

/** One movement of the account. */
export interface LedgerEntry {
  /** Unique and stable (a document's or payment's id and what it records). */
  id: string;
  /** The day it counts on (YYYY-MM-DD, India): a bill's date of issue, the day money was received. */
  day: string;
  /** Orders movements of one day (when it was recorded). */
  atMs: number;
  kind: LedgerKind;
  /** Its number or id, as the customer quotes it: 'PI/2026-27/0007', a payment id. */
  reference: string;
  description: string;
  /** Positive: the customer owes more; negative: less. Integer paise. */
  amountPaise: number;
  /** The bill it belongs to (a LedgerItem's key); null for money not tied to a bill. */
  itemKey: string | null;
}

/** A bill: what ageing and interest are worked out for. */
export interface LedgerItem {
  key: string;
  /** As printed: 'Proforma PI/2026-27/0007'. */
  label: string;
  issueDay: string;
  dueDay: string;
  purchaseOrder: PurchaseOrder | null;
  /** The invoice whose pay link pays it (a proforma); null for a bill paid at once. */
  payable: { type: 'invoice'; docId: string } | null;
}

export interface Ledger {
  entries: LedgerEntry[];
  items: LedgerItem[];
}

/** Days past due, as a clerk reads ageing: due today or later is not yet due. */
export const AGEING_BUCKETS = ['not-due', '0-30', '31-45', '46-60', '61-90', 'over-90', 'credit'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_LABELS: Record<AgeingBucket, string> = {
  'not-due': 'Not yet due',
  '0-30': '0–30 days past due',
  '31-45': '31–45 days past due',
  '46-60': '46–60 days past due',
  '61-90': '61–90 days past due',
  'over-90': 'Over 90 days past due',
  credit: 'Payments not yet applied',
};

export function ageingBucketOf(daysPastDue: number): Exclude<AgeingBucket, 'credit'> {
  if (daysPastDue <= 0) return 'not-due';
  if (daysPastDue <= 30) return '0-30';
  if (daysPastDue <= 45) return '31-45';
  if (daysPastDue <= 60) return '46-60';
  if (daysPastDue <= 90) return '61-90';
  return 'over-90';
}

export interface StatementLine {
  day: string;
  kind: LedgerKind;
  label: string;
  reference: string;
  description: string;
  poNumber: string | null;
  debitPaise: number;
  creditPaise: number;
  /** The running balance after this line. */
  balancePaise: number;
}

/** A bill with something left to pay (or overpaid: then its amount is negative, in the 'credit' bucket). */
export interface OpenItem {
  key: string;
  label: string;
  issueDay: string;
  dueDay: string;
  /** Days past due on the statement's last day; 0 or less: not yet due. */
  daysPastDue: number;
  bucket: AgeingBucket;
  openPaise: number;
  purchaseOrder: PurchaseOrder | null;
  payable: LedgerItem['payable'];
  /** MSME seller only: section 16 interest on it to the statement's last day. */
  interestPaise: number | null;
  interestFromDay: string | null;
}

export interface Statement {
  /** The range, both days included (YYYY-MM-DD, India). */
  from: string;
  to: string;
  openingPaise: number;
  lines: StatementLine[];
  debitsPaise: number;
  creditsPaise: number;
  closingPaise: number;
  /** Every bucket in order, zero ones too; they add up to the closing balance. */
  ageing: Array<{ bucket: AgeingBucket; label: string; amountPaise: number }>;
  openItems: OpenItem[];
  /** Section 16 interest (an MSME seller only): the rate used and the total over the open items. */
  interest: { bankRatePercent: number; annualRatePercent: number; totalPaise: number } | null;
}

export interface StatementOptions {
  from: string;
  to: string;
  /** The bank rate for section 16 interest when the seller is a micro or small enterprise; null otherwise. */
  bankRatePercent: number | null;
}

const KIND_ORDER: Record<LedgerKind, number> = {
  proforma: 0,
  'tax-invoice': 1,
  receipt: 2,
  tds: 3,
  'credit-note': 4,
  refund: 5,
  cancellation: 6,
};

/** Date order: the day, then when it was recorded, then bills before what pays them, then the id. */
export function compareEntries(a: LedgerEntry, b: LedgerEntry): number {
  if (a.day !== b.day) return a.day < b.day ? -1 : 1;
  if (a.atMs !== b.atMs) return a.atMs - b.atMs;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * The statement of a ledger for [from, to]: the opening balance is every movement before `from`;
 * the lines are the movements in the range, each with the balance after it; the closing balance is
 * the opening plus them. Ageing is of the bills as of `to`: each bill's own movements up to then
 * (its bill, payments, TDS, notes, refunds) leave what is open of it, aged by its due date; what is
 * overpaid of a bill, and money tied to no bill, is 'Payments not yet applied'. So the buckets add up
 * to the closing balance by construction.
 */
export function buildStatement(ledger: Ledger, options: StatementOptions): Statement {
  const { from, to } = options;
  const entries = ledger.entries.filter((entry) => entry.day <= to).sort(compareEntries);
  let openingPaise = 0;
  let balance = 0;
  let debitsPaise = 0;
  let creditsPaise = 0;
  const items = new Map(ledger.items.map((item) => [item.key, item]));
  const lines: StatementLine[] = [];
  const netOfItem = new Map<string, number>();
  let unapplied = 0;
  for (const entry of entries) {
    if (entry.itemKey && items.has(entry.itemKey)) {
      netOfItem.set(entry.itemKey, (netOfItem.get(entry.itemKey) ?? 0) + entry.amountPaise);
    } else {
      unapplied += entry.amountPaise;
    }
    if (entry.day < from) {
      openingPaise += entry.amountPaise;
      continue;
    }
    if (lines.length === 0) balance = openingPaise;
    balance += entry.amountPaise;
    const debitPaise = Math.max(entry.amountPaise, 0);
    const creditPaise = Math.max(-entry.amountPaise, 0);
    debitsPaise += debitPaise;
    creditsPaise += creditPaise;
    lines.push({
      day: entry.day,
      kind: entry.kind,
      label: LEDGER_KIND_LABELS[entry.kind],
      reference: entry.reference,
      description: entry.description,
      poNumber: (entry.itemKey && items.get(entry.itemKey)?.purchaseOrder?.poNumber) || null,
      debitPaise,
      creditPaise,
      balancePaise: balance,
    });
  }
  const closingPaise = openingPaise + debitsPaise - creditsPaise;

  const openItems: OpenItem[] = [];
  const ageing = new Map<AgeingBucket, number>(AGEING_BUCKETS.map((bucket) => [bucket, 0]));
  for (const [key, net] of netOfItem) {
    if (net === 0) continue;
    const item = items.get(key)!;
    if (net < 0) {
      unapplied += net;
      continue;
    }
    const daysPastDue = daysBetween(item.dueDay, to);
    const bucket = ageingBucketOf(daysPastDue);
    ageing.set(bucket, ageing.get(bucket)! + net);
    const interest =
      options.bankRatePercent === null
        ? null
        : section16Interest({
            principalPaise: net,
            issueDay: item.issueDay,
            dueDay: item.dueDay,
            asOfDay: to,
            bankRatePercent: options.bankRatePercent,
          });
    openItems.push({
      key,
      label: item.label,
      issueDay: item.issueDay,
      dueDay: item.dueDay,
      daysPastDue,
      bucket,
      openPaise: net,
      purchaseOrder: item.purchaseOrder,
      payable: item.payable,
      interestPaise: interest?.interestPaise ?? null,
      interestFromDay: interest && interest.interestPaise > 0 ? interest.fromDay : null,
    });
  }
  ageing.set('credit', unapplied);
  openItems.sort((a, b) => (a.dueDay !== b.dueDay ? (a.dueDay < b.dueDay ? -1 : 1) : a.key < b.key ? -1 : 1));
  return {
    from,
    to,
    openingPaise,
    lines,
    debitsPaise,
    creditsPaise,
    closingPaise,
    ageing: AGEING_BUCKETS.map((bucket) => ({
      bucket,
      label: AGEING_LABELS[bucket],
      amountPaise: ageing.get(bucket)!,
    })),
    openItems,
    interest:
      options.bankRatePercent === null
        ? null
        : {
            bankRatePercent: options.bankRatePercent,
            annualRatePercent: section16RatePercent(options.bankRatePercent),
            totalPaise: openItems.reduce((sum, item) => sum + (item.interestPaise ?? 0), 0),
          },
  };
}

/** What is due to pay now: the open bills with something left on them (a pay link each). */
export const payableNowPaise = (statement: Pick<Statement, 'openItems'>) =>
  statement.openItems.reduce((sum, item) => sum + Math.max(item.openPaise, 0), 0);

// ---- What is printed: the statement with its parties --------------------------------------------

export const STATEMENT_TITLE = 'Statement of Account';

/** Every value a statement's PDF prints (and the page shows): the computation and who it is between. */
export interface StatementSnapshot {
  kind: 'statement';
  title: string;
  /** '2026-11-01-to-2026-11-30': names the file. */
  number: string;
  /** The day it was made, as printed ('01 Dec 2026'). */
  issueDate: string;
  supplier: SupplierSnapshot;
  recipient: RecipientSnapshot;
  /** The vendor code the customer knows the seller by (its purchase-order rules). */
  vendorCode: string | null;
  statement: Statement;
  /** An MSME seller's Udyam number and terms (null otherwise). */
  msme: Pick<MsmeSnapshot, 'udyam' | 'lines'> | null;
  /** Where the customer pays what is due online. */
  payOnlineUrl: string | null;
  reference: { label: string };
  note: string;
}

export const statementNumber = (from: string, to: string) => `${from}-to-${to}`;

export const STATEMENT_NOTE =
  'This statement lists every bill, payment, TDS deduction, credit note and refund of the period. If your records differ, tell us within 15 days of receiving it.';

export const STATEMENT_ENDS_AFTER_TODAY = 'A statement cannot end after today.';

/** A statement's range: India's days, both included, from no later than to, ending today at the latest. */
export const statementRangeSchema = dateRangeSchema.refine((range) => range.to <= istToday(), {
  message: STATEMENT_ENDS_AFTER_TODAY,
});

/** The range a statement page opens with: this financial year (from 1 April, India) to today. */
export function defaultStatementRange(nowMs = Date.now()): { from: string; to: string } {
  const today = istToday(nowMs);
  const year = Number(today.slice(0, 4)) - (today.slice(5, 7) < '04' ? 1 : 0);
  return { from: `${year}-04-01`, to: today };
}

// ---- The CSV: the same figures, for Excel -------------------------------------------------------

/** A row of the statement's CSV: the lines, then the totals, ageing and open bills, each labelled. */
export interface StatementCsvRow {
  date: string;
  type: string;
  reference: string;
  description: string;
  poNumber: string;
  debit: string;
  credit: string;
  balance: string;
}

const rupees = paiseToDecimalText;
const blankRow: StatementCsvRow = {
  date: '',
  type: '',
  reference: '',
  description: '',
  poNumber: '',
  debit: '',
  credit: '',
  balance: '',
};

export const STATEMENT_CSV_COLUMNS: Array<CsvColumn<StatementCsvRow>> = [
  { header: 'Date', cell: (row) => row.date },
  { header: 'Type', cell: (row) => row.type },
  { header: 'Reference', cell: (row) => row.reference },
  { header: 'Description', cell: (row) => row.description },
  { header: 'PO number', cell: (row) => row.poNumber },
  { header: 'Debit', cell: (row) => row.debit },
  { header: 'Credit', cell: (row) => row.credit },
  { header: 'Balance', cell: (row) => row.balance },
];

/** The CSV's row types that carry a total (tests and readers find them by these). */
export const CSV_TYPES = {
  opening: 'Opening balance',
  closing: 'Closing balance',
  ageing: 'Ageing',
  openItem: 'Open bill',
  interest: 'Interest (s.16 MSMED Act)',
} as const;

export function statementCsvRows(snapshot: StatementSnapshot): StatementCsvRow[] {
  const { statement } = snapshot;
  const rows: StatementCsvRow[] = [
    {
      ...blankRow,
      date: statement.from,
      type: CSV_TYPES.opening,
      description: `${snapshot.recipient.name}, ${formatDay(statement.from)} to ${formatDay(statement.to)}`,
      balance: rupees(statement.openingPaise),
    },
    ...statement.lines.map((line) => ({
      date: line.day,
      type: line.label,
      reference: line.reference,
      description: line.description,
      poNumber: line.poNumber ?? '',
      debit: line.debitPaise ? rupees(line.debitPaise) : '',
      credit: line.creditPaise ? rupees(line.creditPaise) : '',
      balance: rupees(line.balancePaise),
    })),
    {
      ...blankRow,
      date: statement.to,
      type: CSV_TYPES.closing,
      debit: rupees(statement.debitsPaise),
      credit: rupees(statement.creditsPaise),
      balance: rupees(statement.closingPaise),
    },
    blankRow,
    ...statement.ageing.map((bucket) => ({
      ...blankRow,
      date: statement.to,
      type: CSV_TYPES.ageing,
      description: bucket.label,
      balance: rupees(bucket.amountPaise),
    })),
    blankRow,
    ...statement.openItems.map((item) => ({
      ...blankRow,
      date: item.dueDay,
      type: CSV_TYPES.openItem,
      reference: item.label,
      description: [
        item.daysPastDue > 0
          ? `Due ${formatDay(item.dueDay)}, ${item.daysPastDue} days past due`
          : `Due ${formatDay(item.dueDay)}`,
        item.interestPaise ? `s.16 interest ${rupees(item.interestPaise)}` : '',
      ]
        .filter(Boolean)
        .join('; '),
      poNumber: item.purchaseOrder?.poNumber ?? '',
      balance: rupees(item.openPaise),
    })),
    ...(statement.interest
      ? [
          {
            ...blankRow,
            date: statement.to,
            type: CSV_TYPES.interest,
            description: `Compound, monthly rests, at ${statement.interest.annualRatePercent}% a year (3 × RBI bank rate ${statement.interest.bankRatePercent}%)`,
            balance: rupees(statement.interest.totalPaise),
          },
        ]
      : []),
  ];
  return rows;
}

/** The statement as a CSV file for Excel (a UTF-8 byte order mark, then the rows). */
export const statementCsvText = (snapshot: StatementSnapshot) =>
  excelCsvText(STATEMENT_CSV_COLUMNS, statementCsvRows(snapshot));

export const statementFileName = (snapshot: Pick<StatementSnapshot, 'number'>, extension: 'pdf' | 'csv') =>
  `Statement-of-Account-${snapshot.number}.${extension}`;
