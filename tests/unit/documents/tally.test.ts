import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cleanText,
  escapeXml,
  TALLY_DEFAULTS,
  tallyBooks,
  tallyDate,
  tallyFiles,
  withTallyFiles,
  type TallySettings,
} from '@/domain/tally';
import type { TaxDocumentSnapshot } from '@/domain/tax-document';
import { loadConfig } from '../../../server/config';
import {
  creditsOf,
  debitsOf,
  elementsOf,
  entryOf,
  type XmlElement,
  expectTiesOut,
  goldenMonth,
  ist,
  ledgersOf,
  MEHTA_ID,
  MONTH,
  packWithTallyFiles,
  paidInvoice,
  parseXml,
  ravi,
  RAVI_ID,
  rowOf,
  UNREGISTERED_SELLER,
  vouchersOf,
} from './tally-fixtures';

const GOLDEN = path.join(import.meta.dirname, 'golden');

/** The file as committed; UPDATE_GOLDEN=1 writes it instead (then read the diff before committing). */
function expectGolden(name: string, actual: string) {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, actual);
  expect(existsSync(file), `${file} is missing: run with UPDATE_GOLDEN=1`).toBe(true);
  expect(actual).toBe(readFileSync(file, 'utf8'));
}

describe('the Tally files of a month', () => {
  it('when a month has B2B invoices in and out of the state, a B2C invoice, an online receipt, an offline receipt with TDS and a credit note, then the XML is the golden files', () => {
    const { entries, payments } = goldenMonth();

    const files = tallyFiles(entries, payments, TALLY_DEFAULTS, MONTH);

    expectGolden('tally-masters-2026-11.xml', files['tally-masters.xml']);
    expectGolden('tally-vouchers-2026-11.xml', files['tally-vouchers.xml']);
  });

  it('when the files are parsed as XML, then they are well formed, every voucher balances, and every ledger it names is in the masters', () => {
    const { entries, payments } = goldenMonth();
    const files = tallyFiles(entries, payments, TALLY_DEFAULTS, MONTH);

    const masters = ledgersOf(files['tally-masters.xml']);
    const vouchers = vouchersOf(files['tally-vouchers.xml']);

    expect(parseXml(files['tally-masters.xml']).name).toBe('ENVELOPE');
    expect(() => parseXml('<A>\u0007</A>')).toThrow(/disallowed character/);
    expect(() => parseXml('<A>1 & 2</A>')).toThrow();
    // The bills first (Sales, Credit Notes), then the receipts against them, each by date.
    expect(vouchers.map((voucher) => `${voucher.type} ${voucher.date}`)).toEqual([
      'Sales 20261102',
      'Sales 20261104',
      'Sales 20261105',
      'Credit Note 20261120',
      'Receipt 20261102',
      'Receipt 20261103',
      'Receipt 20261105',
    ]);
    const names = new Set(masters.map((ledger) => ledger.name));
    for (const voucher of vouchers) {
      expect(debitsOf(voucher), voucher.remoteId).toBe(creditsOf(voucher));
      expect(debitsOf(voucher)).toBeGreaterThan(0);
      // Tally's sign rule: a debit is deemed positive and written negative, a credit the other way.
      for (const entry of voucher.entries) expect(entry.isDebit).toBe(entry.amountPaise < 0);
      for (const entry of voucher.entries) expect(names, entry.ledger).toContain(entry.ledger);
      expect(voucher.guid).toBe(voucher.remoteId);
      expect(voucher.date).toMatch(/^202611\d\d$/);
    }
    // The offline receipt: the bank and TDS receivable debited, the party credited with both.
    const offline = vouchers.find((voucher) => voucher.remoteId === 'nimbus-receipt-offline_verma_0001')!;
    expect(offline.date).toBe('20261103');
    expect(offline.entries.map(({ ledger, amountPaise }) => [ledger, amountPaise])).toEqual([
      ['Bank Account', -2_16_000_00],
      ['TDS Receivable', -20_000_00],
      ['Verma Textiles LLP (D4e5F6)', 2_36_000_00],
    ]);
    expect(masters.find((ledger) => ledger.name === 'Verma Textiles LLP (D4e5F6)')).toEqual({
      name: 'Verma Textiles LLP (D4e5F6)',
      parent: 'Sundry Debtors',
      gstin: '27AAPFU0939F1ZV',
    });
  });

  it('when a legal name holds markup, quotes, an ampersand and a control character, then the XML escapes it and drops the control character', () => {
    const { entries, payments } = goldenMonth();
    const files = tallyFiles(entries, payments, TALLY_DEFAULTS, MONTH);

    const party = 'Mehta & Sons <Exports> "Pvt" Ltd (A1b2C3)';
    expect(ledgersOf(files['tally-masters.xml']).map((ledger) => ledger.name)).toContain(party);
    expect(vouchersOf(files['tally-vouchers.xml'])[0]!.party).toBe(party);
    expect(files['tally-masters.xml']).toContain(
      'NAME="Mehta &amp; Sons &lt;Exports&gt; &quot;Pvt&quot; Ltd (A1b2C3)"',
    );
    expect(
      [...files['tally-masters.xml']].filter((character) => character < ' ' && !'\r\n'.includes(character)),
    ).toEqual([]);
    expect(escapeXml(`a&b<c>d"e'f\u0000g\uFFFE`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fg');
    expect(cleanText(' Two\n\tlines\u001B ')).toBe('Two lines');
  });

  it('when the same month is exported twice, in any order of rows, then the files are byte for byte the same and each voucher keeps its REMOTEID', () => {
    const first = goldenMonth();
    const second = goldenMonth();

    const a = tallyFiles(first.entries, first.payments, TALLY_DEFAULTS, MONTH);
    const b = tallyFiles([...second.entries].reverse(), [...second.payments].reverse(), TALLY_DEFAULTS, MONTH);

    expect(b['tally-masters.xml']).toBe(a['tally-masters.xml']);
    expect(b['tally-vouchers.xml']).toBe(a['tally-vouchers.xml']);
    const ids = vouchersOf(a['tally-vouchers.xml']).map((voucher) => voucher.remoteId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('nimbus-sales-pay_MehtaOnline0001');
    // A tax invoice's id is its payment's: the Sales voucher and the Receipt stay two vouchers.
    expect(ids).toContain('nimbus-receipt-pay_MehtaOnline0001');
  });

  it("when the month's files are next to documents.csv and payments.csv, then Sales equal taxable value plus tax, Credit Notes the notes and Receipts the amounts received", () => {
    const { entries, payments } = goldenMonth();
    const files = packWithTallyFiles(entries, payments);

    expectTiesOut(files);
    expect(files['README.txt']).toContain('TALLY_SALES_LEDGER          Sales @ {rate}% (Sales Accounts)');
    expect(files['README.txt']).toContain('importing a month again, or months that\r\noverlap, alters those vouchers');
  });
});

describe('parties, ledgers and odd documents', () => {
  it('when two companies share a name, or their short names meet whatever the case, then each has a ledger of its own, stable whoever else is in the month', () => {
    const invoice = (uid: string, paymentId: string, number: string) =>
      paidInvoice({
        paymentId,
        uid,
        profile: ravi,
        invoiceId: `INV-${number}`,
        rupees: 1_180,
        number: `NB/2026-27/${number}`,
        issuedAtMs: ist('2026-11-10T10:00'),
        method: 'upi',
        source: 'verify',
      });
    const alone = tallyBooks([entryOf(invoice(RAVI_ID, 'pay_a', '0201'))], [], TALLY_DEFAULTS.ledgers, MONTH);
    const together = tallyBooks(
      [
        entryOf(invoice(RAVI_ID, 'pay_a', '0201')),
        entryOf(invoice('uAnotherRavi000000000000XyZ999', 'pay_b', '0202')),
        entryOf(invoice('uThirdRavi0000000000000000G7H8I9', 'pay_c', '0203')),
      ],
      [],
      TALLY_DEFAULTS.ledgers,
      MONTH,
    );

    expect(alone.parties.map((party) => party.ledgerName)).toEqual(['Ravi Kumar (G7h8I9)']);
    expect(together.parties.map((party) => party.ledgerName)).toEqual([
      'Ravi Kumar (uRaviPerson00000000000000G7h8I9)',
      'Ravi Kumar (uThirdRavi0000000000000000G7H8I9)',
      'Ravi Kumar (XyZ999)',
    ]);
  });

  it('when a document has two GST rates and a total a paisa off its lines, then each rate has its sales ledger and the paisa goes to round-off', () => {
    const paid = paidInvoice({
      paymentId: 'pay_rates',
      uid: MEHTA_ID,
      profile: ravi,
      invoiceId: 'INV-2001',
      rupees: 1_180,
      number: 'NB/2026-27/0301',
      issuedAtMs: ist('2026-11-12T10:00'),
      method: 'upi',
      source: 'verify',
    });
    const snapshot: TaxDocumentSnapshot = {
      ...paid.snapshot,
      lines: [
        { ...paid.snapshot.lines[0]!, ratePercent: 18 },
        {
          sac: '998314',
          description: 'Print',
          ratePercent: 5,
          taxablePaise: 100_00,
          cgstPaise: 2_50,
          sgstPaise: 2_50,
          igstPaise: 0,
          totalPaise: 105_00,
        },
      ],
      totals: { ...paid.snapshot.totals, totalPaise: paid.snapshot.totals.totalPaise + 105_01 },
    };

    const [voucher] = vouchersOf(
      tallyFiles([entryOf({ id: paid.id, document: { ...paid.document, snapshot } })], [], TALLY_DEFAULTS, MONTH)[
        'tally-vouchers.xml'
      ],
    );

    expect(voucher!.entries.map(({ ledger, amountPaise }) => [ledger, amountPaise])).toEqual([
      ['Ravi Kumar (A1b2C3)', -1_285_01],
      ['Sales @ 5%', 100_00],
      ['Sales @ 18%', 1_000_00],
      ['Output CGST', 92_50],
      ['Output SGST', 92_50],
      ['Round Off', 1],
    ]);
    expect(debitsOf(voucher!)).toBe(creditsOf(voucher!));
  });

  it('when a seller without GST issued a payment receipt, and a payment has no document yet, then the receipt is an untaxed Sale and the payment goes on account', () => {
    const receipt = paidInvoice(
      {
        paymentId: 'pay_receipt',
        uid: RAVI_ID,
        profile: ravi,
        invoiceId: 'INV-3001',
        rupees: 5_000,
        number: 'NB/2026-27/0401',
        issuedAtMs: ist('2026-11-15T10:00'),
        method: 'upi',
        source: 'verify',
      },
      UNREGISTERED_SELLER,
    );
    const advance = rowOf(receipt, ist('2026-11-16T10:00'), { amountPaise: 2_000_00 });
    const files = tallyFiles(
      [entryOf(receipt)],
      [
        {
          ...advance,
          paymentId: 'pay_advance',
          documentNumber: '',
          companyId: 'uNewCustomer00000000000000Q1w2E3',
          businessName: '',
          customer: 'Meera Rao',
        },
      ],
      TALLY_DEFAULTS,
      MONTH,
    );

    const [sale, onAccount] = vouchersOf(files['tally-vouchers.xml']);
    expect(sale!.entries.map(({ ledger, amountPaise }) => [ledger, amountPaise])).toEqual([
      ['Ravi Kumar (G7h8I9)', -5_000_00],
      ['Sales (no GST)', 5_000_00],
    ]);
    expect(onAccount!.entries).toEqual([
      { ledger: 'Razorpay', isDebit: true, amountPaise: -2_000_00, isParty: false, bills: [] },
      { ledger: 'Meera Rao (Q1w2E3)', isDebit: false, amountPaise: 2_000_00, isParty: true, bills: [] },
    ]);
    expect(files['tally-vouchers.xml']).not.toContain('<PARTYGSTIN>');
    // A party known only from a payment gets a ledger without GST details, so none are blanked.
    const meera = elementsOf(parseXml(files['tally-masters.xml']), 'LEDGER').find(
      (ledger) => ledger.attributes.NAME === 'Meera Rao (Q1w2E3)',
    )!;
    expect(elementsOf(meera, 'GSTREGISTRATIONTYPE')).toHaveLength(0);
  });

  it('when the buyer is abroad, then the voucher and the ledger carry its country and no Indian state or place of supply', () => {
    const paid = paidInvoice({
      paymentId: 'pay_abroad',
      uid: RAVI_ID,
      profile: {
        name: 'Jane Doe',
        address: '1 High Street',
        city: 'London',
        state: 'England',
        country: 'United Kingdom',
      },
      invoiceId: 'INV-4001',
      rupees: 1_180,
      number: 'NB/2026-27/0501',
      issuedAtMs: ist('2026-11-18T10:00'),
      method: 'card',
      source: 'verify',
    });

    const files = tallyFiles([entryOf(paid)], [], TALLY_DEFAULTS, MONTH);

    const voucher = elementsOf(parseXml(files['tally-vouchers.xml']), 'VOUCHER')[0]!;
    const tags = (element: XmlElement) => Object.fromEntries(element.children.map((child) => [child.name, child.text]));
    expect(tags(voucher)).toMatchObject({
      COUNTRYOFRESIDENCE: 'United Kingdom',
      GSTREGISTRATIONTYPE: 'Unregistered/Consumer',
    });
    expect(tags(voucher)).not.toHaveProperty('STATENAME');
    expect(tags(voucher)).not.toHaveProperty('PLACEOFSUPPLY');
    const ledger = elementsOf(parseXml(files['tally-masters.xml']), 'LEDGER')[0]!;
    expect(tags(ledger)).toMatchObject({ COUNTRYNAME: 'United Kingdom' });
    expect(elementsOf(ledger, 'LEDSTATENAME')).toEqual([]);
    expect(elementsOf(ledger, 'PLACEOFSUPPLY')).toEqual([]);
  });

  it('when a date is printed or recorded, then Tally gets YYYYMMDD, and nothing for a date it cannot read', () => {
    expect(tallyDate('04 Nov 2026')).toBe('20261104');
    expect(tallyDate('4 Nov 2026')).toBe('20261104');
    expect(tallyDate('2026-11-03')).toBe('20261103');
    expect(tallyDate('Nov 4')).toBeNull();
  });
});

describe('the ledger names as settings', () => {
  it('when TALLY_* variables are set, then the files and the README use those names and the Tally company', () => {
    const { tally } = loadConfig({
      FIREBASE_PROJECT_ID: 'demo-site',
      TALLY_SALES_LEDGER: 'Software Sales {rate}%',
      TALLY_GATEWAY_LEDGER: 'Razorpay Clearing',
      TALLY_COMPANY: 'Nimbus Bespoke Software Pvt Ltd',
      TALLY_BANK_LEDGER: '',
    });
    const { entries, payments } = goldenMonth();

    const files = withTallyFiles({ 'README.txt': 'Pack.\r\n' }, entries, payments, tally, MONTH);

    expect(tally satisfies TallySettings).toMatchObject({
      ledgers: { sales: 'Software Sales {rate}%', gateway: 'Razorpay Clearing', bank: 'Bank Account' },
      company: 'Nimbus Bespoke Software Pvt Ltd',
    });
    expect(files['tally-vouchers.xml']).toContain('<LEDGERNAME>Software Sales 18%</LEDGERNAME>');
    expect(files['tally-vouchers.xml']).toContain(
      '<SVCURRENTCOMPANY>Nimbus Bespoke Software Pvt Ltd</SVCURRENTCOMPANY>',
    );
    expect(ledgersOf(files['tally-masters.xml']!)).toContainEqual({
      name: 'Razorpay Clearing',
      parent: 'Bank Accounts',
      gstin: '',
    });
    expect(files['README.txt']).toMatch(/^Pack\.\r\nTally \(TallyPrime\)/);
    expect(files['README.txt']).toContain('TALLY_GATEWAY_LEDGER        Razorpay Clearing (Bank Accounts)');
  });

  it('when two TALLY_* variables name one ledger, whatever the case, then the API refuses to start and names both', () => {
    expect(() =>
      loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', TALLY_BANK_LEDGER: 'razorpay', TALLY_GATEWAY_LEDGER: 'Razorpay' }),
    ).toThrow(
      'Invalid server configuration: TALLY_GATEWAY_LEDGER and TALLY_BANK_LEDGER name the same Tally ledger; give each its own name.',
    );
    expect(() => loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', TALLY_TDS_LEDGER: 'x'.repeat(101) })).toThrow(
      /TALLY_TDS_LEDGER: must be at most 100 characters/,
    );
  });
});
