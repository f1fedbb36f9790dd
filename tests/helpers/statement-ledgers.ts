import type { Ledger, LedgerEntry, LedgerItem, Statement, StatementSnapshot } from '@/domain/statement';
import { buildStatement, statementNumber, STATEMENT_NOTE, STATEMENT_TITLE } from '@/domain/statement';

/**
 * Generated ledgers for the statement's property tests: a seeded generator (mulberry32), so a
 * failing seed can be replayed. Each ledger mixes what a company's account really holds: proformas
 * paid in full, in parts, with TDS, cancelled, overpaid, refunded with a credit note; bills paid at
 * once (an order's tax invoice); payments tied to no bill; and a range that may start before, in or
 * after the movements.
 */

export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const DAY_MS = 86_400_000;
const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface GeneratedLedger {
  seed: number;
  ledger: Ledger;
  from: string;
  to: string;
  bankRatePercent: number | null;
}

export function generateLedger(seed: number): GeneratedLedger {
  const rand = random(seed);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const chance = (p: number) => rand() < p;
  const start = dayPlus('2025-04-01', int(0, 400));
  const entries: LedgerEntry[] = [];
  const items: LedgerItem[] = [];
  let counter = 0;
  const add = (entry: Omit<LedgerEntry, 'id' | 'atMs'>) => {
    counter += 1;
    entries.push({ ...entry, id: `e${String(counter).padStart(4, '0')}`, atMs: counter });
  };
  const billCount = int(0, chance(0.1) ? 60 : 12);
  for (let index = 0; index < billCount; index += 1) {
    const key = `invoice/bill-${index}`;
    const issueDay = dayPlus(start, int(0, 300));
    const amountPaise = int(100, chance(0.2) ? 2_00_00_000 : 5_00_000_00);
    const isOrder = chance(0.2);
    const dueDay = isOrder ? issueDay : dayPlus(issueDay, int(0, chance(0.1) ? 90 : 45));
    const number = `${isOrder ? 'NB' : 'PI'}/2026-27/${String(index + 1).padStart(4, '0')}`;
    items.push({
      key,
      label: `${isOrder ? 'Order' : 'Proforma'} ${number}`,
      issueDay,
      dueDay,
      purchaseOrder: chance(0.4) ? { poNumber: `PO-${seed}-${index}`, vendorCode: chance(0.5) ? 'VND-7' : null } : null,
      payable: isOrder ? null : { type: 'invoice', docId: `bill-${index}` },
    });
    add({
      day: issueDay,
      kind: isOrder ? 'tax-invoice' : 'proforma',
      reference: number,
      description: `Bill ${index}`,
      amountPaise,
      itemKey: key,
    });
    const later = () => dayPlus(issueDay, int(0, 120));
    const pay = (paise: number, day = later()) => {
      const tds = chance(0.3) ? Math.floor(paise / 10) : 0;
      add({
        day,
        kind: 'receipt',
        reference: `pay_${index}`,
        description: 'Payment',
        amountPaise: -(paise - tds),
        itemKey: key,
      });
      if (tds > 0)
        add({ day, kind: 'tds', reference: `pay_${index}`, description: 'TDS', amountPaise: -tds, itemKey: key });
    };
    const fate = rand();
    if (isOrder) {
      add({
        day: issueDay,
        kind: 'receipt',
        reference: `pay_${index}`,
        description: 'Paid',
        amountPaise: -amountPaise,
        itemKey: key,
      });
    } else if (fate < 0.15) {
      add({
        day: later(),
        kind: 'cancellation',
        reference: number,
        description: 'Cancelled',
        amountPaise: -amountPaise,
        itemKey: key,
      });
    } else if (fate < 0.45) {
      pay(amountPaise);
    } else if (fate < 0.7) {
      let left = amountPaise;
      for (let part = int(1, 3); part > 0 && left > 100; part -= 1) {
        const paise = int(1, left - 1);
        pay(paise);
        left -= paise;
      }
    } else if (fate < 0.8) {
      pay(amountPaise);
      const refund = int(1, amountPaise);
      const day = later();
      add({
        day,
        kind: 'credit-note',
        reference: `CN-${index}`,
        description: 'Credit note',
        amountPaise: -refund,
        itemKey: key,
      });
      add({
        day,
        kind: 'refund',
        reference: `rfnd_${index}`,
        description: 'Refund',
        amountPaise: refund,
        itemKey: key,
      });
    } else if (fate < 0.88) {
      // Paid twice: the second payment is held until refunded (or not).
      pay(amountPaise);
      add({
        day: later(),
        kind: 'receipt',
        reference: `dup_${index}`,
        description: 'Duplicate',
        amountPaise: -amountPaise,
        itemKey: key,
      });
      if (chance(0.5))
        add({
          day: later(),
          kind: 'refund',
          reference: `rfnd_d${index}`,
          description: 'Refund',
          amountPaise,
          itemKey: key,
        });
    }
  }
  // Money tied to no bill (a payment whose order was deleted) and to a bill not listed.
  for (let index = int(0, 2); index > 0; index -= 1) {
    add({
      day: dayPlus(start, int(0, 400)),
      kind: 'receipt',
      reference: `pay_loose${index}`,
      description: 'Payment for a deleted order',
      amountPaise: -int(100, 10_000_00),
      itemKey: chance(0.5) ? null : `product_order/gone-${index}`,
    });
  }
  const from = dayPlus(start, int(-30, 360));
  const to = dayPlus(from, int(0, 420));
  return {
    seed,
    ledger: { entries, items },
    from,
    to,
    bankRatePercent: chance(0.6) ? [5.5, 6.25, 6.5][int(0, 2)]! : null,
  };
}

/** A generated ledger's statement with fictitious parties, as the server would print it. */
export function snapshotOf(generated: GeneratedLedger, statement?: Statement): StatementSnapshot {
  const built =
    statement ??
    buildStatement(generated.ledger, {
      from: generated.from,
      to: generated.to,
      bankRatePercent: generated.bankRatePercent,
    });
  return {
    kind: 'statement',
    title: STATEMENT_TITLE,
    number: statementNumber(generated.from, generated.to),
    issueDate: '01 Dec 2026',
    supplier: {
      name: 'Nimbus Bespoke Software Private Limited',
      address: '12 Residency Road, Bengaluru 560025',
      state: 'Karnataka',
      stateCode: '29',
      gstin: '29AAAAA0000A1ZY',
      email: 'hello@nimbusbespoke.in',
      phone: '+91 80 4000 0000',
    },
    recipient: {
      name: 'Verma Textiles Private Limited',
      address: '21 MG Road, Pune 411026',
      state: 'Maharashtra',
      stateCode: '27',
      gstin: '27AAPFU0939F1ZV',
      email: 'accounts@vermatextiles.in',
      country: 'India',
    },
    vendorCode: 'VND-0042',
    statement: built,
    msme:
      generated.bankRatePercent === null
        ? null
        : {
            udyam: 'UDYAM-KR-03-0012345',
            lines: ['Udyam registration no.: UDYAM-KR-03-0012345 (micro or small enterprise)'],
          },
    payOnlineUrl: 'https://nimbusbespoke.in/statement',
    reference: { label: `Statement ${generated.from} to ${generated.to}` },
    note: STATEMENT_NOTE,
  };
}

/** RFC 4180 rows of a CSV text (quotes, doubled quotes, CRLF), without a leading byte order mark. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && body[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** '12345.67' or '-0.50' as paise. */
export const decimalToPaise = (text: string) => {
  const match = /^(-?)(\d+)\.(\d{2})$/.exec(text);
  if (!match) throw new Error(`Not a decimal amount: '${text}'`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
};
