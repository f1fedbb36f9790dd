import { z } from 'zod';
import { isProformaOrQuote, type PaymentRow, type RegisterEntry } from './accountant-pack';
import { FOREIGN_COUNTRY } from './gst';
import { istToday } from './ist';
import { splitsByRate } from './gstr1';
import { paiseToDecimalText } from './money';
import type { TaxDocumentSnapshot } from './tax-document';

/**
 * TallyPrime's XML import files of a month, built from the same rows the accountant's pack writes
 * to documents.csv and payments.csv (the issued documents' snapshots, the payment rows), in integer
 * paise, so the vouchers tie out with the CSV files by construction. Pure: no clock, no ids made up.
 *
 * - tally-masters.xml: an `Import Data` envelope of `All Masters`: a party ledger per customer
 *   company under Sundry Debtors, and the sales, GST, gateway, bank, TDS-receivable and round-off
 *   ledgers the vouchers post to.
 * - tally-vouchers.xml: an `Import Data` envelope of `Vouchers`: a Sales voucher per tax invoice (or
 *   payment receipt), a Credit Note per credit note, a Receipt per payment.
 *
 * Tally's rules followed here: in a voucher's ALLLEDGERENTRIES.LIST a debit is ISDEEMEDPOSITIVE Yes
 * with a negative AMOUNT, a credit No with a positive AMOUNT, and they add up to zero; dates are
 * YYYYMMDD; a voucher whose REMOTEID Tally already holds is altered, not added again, so every
 * voucher's REMOTEID (and GUID) is made from the id of the document or payment it records.
 */

// ---- Settings: the ledger names (server/config.ts reads them from TALLY_* variables) ------------

export interface TallyLedgers {
  /** Sales per GST rate: '{rate}' is replaced by the rate ('Sales @ 18%'); without it, one ledger for every rate. */
  sales: string;
  /** Sales without GST: payment receipts of a seller not registered for GST. */
  untaxedSales: string;
  cgst: string;
  sgst: string;
  igst: string;
  /** Where online payments arrive: the payment gateway's account (its settlements to the bank are Contra entries). */
  gateway: string;
  /** Where payments staff record arrive (bank transfer, UPI to the bank, cheque). */
  bank: string;
  /** TDS a customer deducted from what it paid, claimed against Form 26AS. */
  tdsReceivable: string;
  /** Takes any difference between a document's printed total and its lines (none for documents issued here). */
  roundOff: string;
}

export interface TallySettings {
  ledgers: TallyLedgers;
  /** The company in Tally to import into (SVCURRENTCOMPANY); null: the company open in Tally. */
  company: string | null;
}

export const TALLY_DEFAULTS: TallySettings = {
  ledgers: {
    sales: 'Sales @ {rate}%',
    untaxedSales: 'Sales (no GST)',
    cgst: 'Output CGST',
    sgst: 'Output SGST',
    igst: 'Output IGST',
    gateway: 'Razorpay',
    bank: 'Bank Account',
    tdsReceivable: 'TDS Receivable',
    roundOff: 'Round Off',
  },
  company: null,
};

/** Each ledger's variable, in the order the README lists them. */
export const TALLY_LEDGER_VARIABLES: Record<keyof TallyLedgers, string> = {
  sales: 'TALLY_SALES_LEDGER',
  untaxedSales: 'TALLY_UNTAXED_SALES_LEDGER',
  cgst: 'TALLY_CGST_LEDGER',
  sgst: 'TALLY_SGST_LEDGER',
  igst: 'TALLY_IGST_LEDGER',
  gateway: 'TALLY_GATEWAY_LEDGER',
  bank: 'TALLY_BANK_LEDGER',
  tdsReceivable: 'TALLY_TDS_LEDGER',
  roundOff: 'TALLY_ROUND_OFF_LEDGER',
};

/** Tally's own groups each ledger is created under. */
const LEDGER_GROUPS: Record<keyof TallyLedgers, string> = {
  sales: 'Sales Accounts',
  untaxedSales: 'Sales Accounts',
  cgst: 'Duties & Taxes',
  sgst: 'Duties & Taxes',
  igst: 'Duties & Taxes',
  gateway: 'Bank Accounts',
  bank: 'Bank Accounts',
  tdsReceivable: 'Current Assets',
  roundOff: 'Indirect Expenses',
};
const GST_DUTY_HEADS: Partial<Record<keyof TallyLedgers, string>> = {
  cgst: 'Central Tax',
  sgst: 'State Tax',
  igst: 'Integrated Tax',
};
const PARTY_GROUP = 'Sundry Debtors';
/** The longest name this module gives a ledger (Tally's own limit is well above it). */
const MAX_NAME_LENGTH = 100;

/**
 * Characters XML 1.0 cannot carry, and other control characters: a name typed in a profile is
 * hostile input, and one stray byte would make Tally reject the whole file.
 */
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as it goes into the XML: control characters out, every run of white space one space. */
export const cleanText = (value: string) => value.replace(CONTROL_CHARACTERS, '').replace(/\s+/g, ' ').trim();

const ledgerNameField = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => cleanText(value ?? '') || fallback)
    .refine((name) => name.length <= MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`);

/** The TALLY_* variables (server/config.ts): each ledger's name, and the Tally company to import into. */
export const tallyEnvironmentFields = {
  TALLY_SALES_LEDGER: ledgerNameField(TALLY_DEFAULTS.ledgers.sales),
  TALLY_UNTAXED_SALES_LEDGER: ledgerNameField(TALLY_DEFAULTS.ledgers.untaxedSales),
  TALLY_CGST_LEDGER: ledgerNameField(TALLY_DEFAULTS.ledgers.cgst),
  TALLY_SGST_LEDGER: ledgerNameField(TALLY_DEFAULTS.ledgers.sgst),
  TALLY_IGST_LEDGER: ledgerNameField(TALLY_DEFAULTS.ledgers.igst),
  TALLY_GATEWAY_LEDGER: ledgerNameField(TALLY_DEFAULTS.ledgers.gateway),
  TALLY_BANK_LEDGER: ledgerNameField(TALLY_DEFAULTS.ledgers.bank),
  TALLY_TDS_LEDGER: ledgerNameField(TALLY_DEFAULTS.ledgers.tdsReceivable),
  TALLY_ROUND_OFF_LEDGER: ledgerNameField(TALLY_DEFAULTS.ledgers.roundOff),
  TALLY_COMPANY: z
    .string()
    .optional()
    .transform((value) => cleanText(value ?? '') || null),
};

type TallyEnvironment = {
  [Key in keyof typeof tallyEnvironmentFields]: z.output<(typeof tallyEnvironmentFields)[Key]>;
};

/** The parsed variables as settings; throws naming the variables when two ledgers would share a name. */
export function tallySettingsOf(parsed: TallyEnvironment): TallySettings {
  const ledgers = Object.fromEntries(
    Object.entries(TALLY_LEDGER_VARIABLES).map(([key, variable]) => [key, parsed[variable as keyof TallyEnvironment]]),
  ) as unknown as TallyLedgers;
  const byName = new Map<string, string>();
  for (const [key, variable] of Object.entries(TALLY_LEDGER_VARIABLES)) {
    const name = ledgers[key as keyof TallyLedgers].toLowerCase();
    const other = byName.get(name);
    // Tally names are unique whatever their case: two settings naming one ledger would post to it twice.
    if (other) throw new Error(`${other} and ${variable} name the same Tally ledger; give each its own name.`);
    byName.set(name, variable);
  }
  return { ledgers, company: parsed.TALLY_COMPANY };
}

/** The sales ledger of a GST rate ('Sales @ 18%'). */
export const salesLedgerOf = (ledgers: TallyLedgers, ratePercent: number) =>
  ledgers.sales.replaceAll('{rate}', String(ratePercent));

// ---- The vouchers, as data -------------------------------------------------------------------

export type VoucherType = 'Sales' | 'Credit Note' | 'Receipt';

/** One line of a voucher: `debitPaise` is positive for a debit, negative for a credit. */
export interface TallyEntry {
  ledger: string;
  debitPaise: number;
  isParty?: boolean;
  /** The bill a party line raises (New Ref: an invoice) or settles (Agst Ref). */
  bill?: { name: string; type: 'New Ref' | 'Agst Ref' };
}

/** A customer company's ledger: named from its tax documents' buyer, keyed by the company's id. */
export interface TallyParty {
  companyId: string;
  ledgerName: string;
  /** The legal name (else the name) the documents are made out to. */
  mailingName: string;
  address: string;
  state: string;
  country: string;
  gstin: string | null;
  /** False for a party known only from a payment: its ledger is created without GST details. */
  hasDocument: boolean;
}

/** The buyer's GST details a Sales voucher or Credit Note carries (TallyPrime 3 wants them on the voucher). */
interface VoucherGst {
  state: string;
  country: string;
  gstin: string | null;
  placeOfSupply: string;
}

export interface TallyVoucher {
  /** The REMOTEID and GUID: the voucher type and the id of the document or payment it records. */
  remoteId: string;
  type: VoucherType;
  /** YYYYMMDD. */
  date: string;
  number: string;
  /** Credit notes: the invoice adjusted; receipts: the transfer reference. */
  reference: { text: string; date?: string } | null;
  partyLedger: string;
  gst: VoucherGst | null;
  narration: string;
  entries: TallyEntry[];
}

/** How a document or payment is named in its REMOTEID: one namespace per voucher type, since a tax invoice's id is its payment's. */
const REMOTE_ID_PREFIX: Record<VoucherType, string> = {
  Sales: 'nimbus-sales-',
  'Credit Note': 'nimbus-credit-note-',
  Receipt: 'nimbus-receipt-',
};

const MONTH_NUMBERS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** A date as documents print it ('04 Nov 2026') or as staff record it ('2026-11-04') -> '20261104'; null if neither. */
export function tallyDate(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (iso) return `${iso[1]}${iso[2]}${iso[3]}`;
  const printed = /^(\d{1,2})\s+([A-Za-z]{3})[a-z]*\s+(\d{4})$/.exec(value.trim());
  const month = printed ? MONTH_NUMBERS[printed[2]!.toLowerCase()] : undefined;
  return printed && month ? `${printed[3]}${month}${printed[1]!.padStart(2, '0')}` : null;
}

/** A registered buyer is 'Regular'; anyone else 'Unregistered/Consumer', as TallyPrime names them. */
const registrationTypeOf = (gstin: string | null) => (gstin ? 'Regular' : 'Unregistered/Consumer');
const isIndia = (country: string) => country === '' || /^(india|bharat|in)$/i.test(country);

/** The documents of the pack that become vouchers: issued tax documents (not proformas or quotes), with their company. */
interface IssuedDocument {
  id: string;
  companyId: string;
  /** Who its party is: the company's id (or, for a record without one, its name). */
  partyKey: string;
  snapshot: TaxDocumentSnapshot;
}

/** A party is its company; a record without a company id (none are made today) is told apart by name. */
const partyKeyOf = (companyId: string, name: string) => companyId || `~${cleanText(name).toLowerCase()}`;
const paymentPartyName = (payment: PaymentRow) =>
  cleanText(payment.businessName) || cleanText(payment.customer) || 'Customer';

function issuedDocuments(entries: readonly RegisterEntry[]): IssuedDocument[] {
  return entries.flatMap(({ id, document }) => {
    if (isProformaOrQuote(document) || document.status !== 'issued' || !document.snapshot) return [];
    // The stored document names its customer by uid; a company's id will be that uid for every customer today.
    const stored = document as typeof document & { companyId?: unknown; uid?: unknown };
    const found = [stored.companyId, stored.uid].find((value) => typeof value === 'string' && value.trim());
    const companyId = typeof found === 'string' ? found.trim() : '';
    const partyKey = partyKeyOf(companyId, document.snapshot.recipient.name);
    return [{ id, companyId, partyKey, snapshot: document.snapshot }];
  });
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The party ledgers: one per customer company, named from the buyer of its latest document in the
 * export (legal name, else name), else from its payments. The name carries the last six characters
 * of the company's id ('Verma Textiles LLP (x7Kq2P)'), so it is the same ledger every month whoever
 * else is in the export, and two companies of one name stay apart; two whose names would still meet
 * (Tally ignores case) carry their whole id.
 */
function partiesOf(documents: readonly IssuedDocument[], payments: readonly PaymentRow[]): Map<string, TallyParty> {
  const latest = new Map<string, IssuedDocument>();
  for (const document of documents) {
    const current = latest.get(document.partyKey);
    const order = (item: IssuedDocument) =>
      `${tallyDate(item.snapshot.issueDate) ?? ''} ${item.snapshot.number} ${item.id}`;
    if (!current || compareText(order(document), order(current)) > 0) latest.set(document.partyKey, document);
  }
  const parties = new Map<string, Omit<TallyParty, 'ledgerName'>>();
  for (const [key, { companyId, snapshot }] of latest) {
    const { recipient } = snapshot;
    parties.set(key, {
      companyId,
      mailingName: cleanText(recipient.name) || 'Customer',
      address: cleanText(recipient.address),
      state: cleanText(recipient.state),
      country: cleanText(recipient.country),
      gstin: recipient.gstin ? cleanText(recipient.gstin) : null,
      hasDocument: true,
    });
  }
  for (const payment of payments) {
    const key = partyKeyOf(payment.companyId, paymentPartyName(payment));
    if (parties.has(key)) continue;
    parties.set(key, {
      companyId: payment.companyId,
      mailingName: paymentPartyName(payment),
      address: '',
      state: '',
      country: '',
      gstin: null,
      hasDocument: false,
    });
  }
  const base = (party: Omit<TallyParty, 'ledgerName'>) => party.mailingName.slice(0, MAX_NAME_LENGTH - 10).trim();
  const short = (party: Omit<TallyParty, 'ledgerName'>) =>
    party.companyId ? `${base(party)} (${party.companyId.slice(-6)})` : base(party);
  const taken = new Map<string, number>();
  for (const party of parties.values()) {
    const key = short(party).toLowerCase();
    taken.set(key, (taken.get(key) ?? 0) + 1);
  }
  return new Map(
    [...parties].map(([key, party]) => {
      const name = short(party);
      const isShared = (taken.get(name.toLowerCase()) ?? 0) > 1 && party.companyId;
      return [key, { ...party, ledgerName: isShared ? `${base(party)} (${party.companyId})` : name }];
    }),
  );
}

/**
 * A tax document's lines: the party's side is the printed total; sales per rate (or untaxed sales)
 * and each tax from its lines; anything left between the two goes to round-off. `side` is 1 for a
 * Sales voucher (party debited) and -1 for a Credit Note (party credited).
 */
function documentEntries(
  snapshot: TaxDocumentSnapshot,
  party: TallyParty,
  ledgers: TallyLedgers,
  side: 1 | -1,
): TallyEntry[] {
  const hasGst = snapshot.taxType !== null && snapshot.taxType !== undefined;
  const splits = splitsByRate(snapshot.lines);
  const credits: Array<{ ledger: string; paise: number }> = hasGst
    ? splits.map((split) => ({ ledger: salesLedgerOf(ledgers, split.ratePercent), paise: split.taxablePaise }))
    : [
        {
          ledger: ledgers.untaxedSales,
          paise: splits.reduce(
            (sum, split) => sum + split.taxablePaise + split.cgstPaise + split.sgstPaise + split.igstPaise,
            0,
          ),
        },
      ];
  if (hasGst) {
    const tax = (pick: 'cgstPaise' | 'sgstPaise' | 'igstPaise') => splits.reduce((sum, split) => sum + split[pick], 0);
    credits.push(
      { ledger: ledgers.cgst, paise: tax('cgstPaise') },
      { ledger: ledgers.sgst, paise: tax('sgstPaise') },
      { ledger: ledgers.igst, paise: tax('igstPaise') },
    );
  }
  const totalPaise = snapshot.totals.totalPaise;
  const roundOffPaise = totalPaise - credits.reduce((sum, credit) => sum + credit.paise, 0);
  if (roundOffPaise !== 0) credits.push({ ledger: ledgers.roundOff, paise: roundOffPaise });
  const bill =
    side === 1
      ? { name: snapshot.number, type: 'New Ref' as const }
      : snapshot.original?.number
        ? { name: snapshot.original.number, type: 'Agst Ref' as const }
        : undefined;
  return [
    { ledger: party.ledgerName, debitPaise: side * totalPaise, isParty: true, ...(bill ? { bill } : {}) },
    ...credits
      .filter((credit) => credit.paise !== 0)
      .map((credit) => ({ ledger: credit.ledger, debitPaise: -side * credit.paise })),
  ];
}

function documentVoucher(document: IssuedDocument, party: TallyParty, ledgers: TallyLedgers): TallyVoucher {
  const { snapshot } = document;
  const isCreditNote = snapshot.kind === 'credit-note';
  const type: VoucherType = isCreditNote ? 'Credit Note' : 'Sales';
  const hasGst = snapshot.taxType !== null && snapshot.taxType !== undefined;
  const { recipient } = snapshot;
  const refund = snapshot.refund?.reason ? `: ${cleanText(snapshot.refund.reason)}` : '';
  return {
    remoteId: `${REMOTE_ID_PREFIX[type]}${document.id}`,
    type,
    date: tallyDate(snapshot.issueDate) ?? '',
    number: cleanText(snapshot.number),
    reference:
      isCreditNote && snapshot.original
        ? {
            text: cleanText(snapshot.original.number),
            ...(tallyDate(snapshot.original.issueDate) ? { date: tallyDate(snapshot.original.issueDate)! } : {}),
          }
        : null,
    partyLedger: party.ledgerName,
    gst: hasGst
      ? {
          state: cleanText(recipient.state) || cleanText(snapshot.placeOfSupply.state),
          country: cleanText(recipient.country) || 'India',
          gstin: recipient.gstin ? cleanText(recipient.gstin) : null,
          // A buyer abroad has no Indian state of supply ('96-Foreign Country'): Tally reads the country.
          placeOfSupply:
            snapshot.placeOfSupply.stateCode === FOREIGN_COUNTRY.stateCode
              ? ''
              : cleanText(snapshot.placeOfSupply.state),
        }
      : null,
    narration: isCreditNote
      ? `${snapshot.title} ${cleanText(snapshot.number)} against ${cleanText(snapshot.original?.number ?? '')}${refund}`
      : `${snapshot.title} ${cleanText(snapshot.number)} for ${cleanText(snapshot.reference.label)}`,
    entries: documentEntries(snapshot, party, ledgers, isCreditNote ? -1 : 1),
  };
}

/**
 * A payment's Receipt: the money in the gateway's account (online) or the bank's (recorded by
 * staff), the TDS the customer deducted as receivable, and the party credited with both, against
 * the tax document it was issued for (else on account, an advance).
 */
function receiptVoucher(payment: PaymentRow, party: TallyParty, ledgers: TallyLedgers, month: string): TallyVoucher {
  const tdsPaise = payment.tdsPaise ?? 0;
  const settledPaise = payment.amountPaise + tdsPaise;
  const date =
    tallyDate(payment.receivedOn) ??
    (payment.paidAtMs === null ? null : istToday(payment.paidAtMs).replaceAll('-', '')) ??
    `${month.replace('-', '')}01`;
  const reference = cleanText(payment.reference);
  const documentNumber = cleanText(payment.documentNumber);
  const words = [
    `Payment ${payment.paymentId}`,
    payment.method ? `by ${cleanText(payment.method)}` : '',
    payment.paidFor ? `for ${cleanText(payment.paidFor)}` : '',
    tdsPaise > 0
      ? `(TDS ${paiseToDecimalText(tdsPaise)}${payment.tdsSection ? ` under ${cleanText(payment.tdsSection)}` : ''})`
      : '',
  ];
  return {
    remoteId: `${REMOTE_ID_PREFIX.Receipt}${payment.paymentId}`,
    type: 'Receipt',
    date,
    number: cleanText(payment.paymentId),
    reference: reference ? { text: reference } : null,
    partyLedger: party.ledgerName,
    gst: null,
    narration: words.filter(Boolean).join(' '),
    entries: [
      { ledger: payment.isOffline ? ledgers.bank : ledgers.gateway, debitPaise: payment.amountPaise },
      ...(tdsPaise > 0 ? [{ ledger: ledgers.tdsReceivable, debitPaise: tdsPaise }] : []),
      {
        ledger: party.ledgerName,
        debitPaise: -settledPaise,
        isParty: true,
        ...(documentNumber ? { bill: { name: documentNumber, type: 'Agst Ref' as const } } : {}),
      },
    ].filter((entry) => entry.debitPaise !== 0),
  };
}

const VOUCHER_ORDER: Record<VoucherType, number> = { Sales: 0, 'Credit Note': 1, Receipt: 2 };

export interface TallyBooks {
  parties: TallyParty[];
  vouchers: TallyVoucher[];
}

/**
 * The month's parties and vouchers: a Sales voucher per issued tax invoice or payment receipt, a
 * Credit Note per issued credit note (documents still pending have no number yet: they come with
 * the month they are issued in), and a Receipt per payment with money in it. Sorted by type (the
 * bills first, so a receipt's or credit note's reference finds its invoice however Tally reads the
 * file), then date, number and REMOTEID: the same records always give the same files.
 */
export function tallyBooks(
  entries: readonly RegisterEntry[],
  payments: readonly PaymentRow[],
  ledgers: TallyLedgers,
  month: string,
): TallyBooks {
  const documents = issuedDocuments(entries);
  const withMoney = payments.filter((payment) => payment.amountPaise + (payment.tdsPaise ?? 0) !== 0);
  const parties = partiesOf(documents, withMoney);
  const vouchers = [
    ...documents.map((document) => documentVoucher(document, parties.get(document.partyKey)!, ledgers)),
    ...withMoney.map((payment) =>
      receiptVoucher(payment, parties.get(partyKeyOf(payment.companyId, paymentPartyName(payment)))!, ledgers, month),
    ),
  ].sort(
    (a, b) =>
      VOUCHER_ORDER[a.type] - VOUCHER_ORDER[b.type] ||
      compareText(a.date, b.date) ||
      compareText(a.number, b.number) ||
      compareText(a.remoteId, b.remoteId),
  );
  return {
    parties: [...parties.values()].sort(
      (a, b) =>
        compareText(a.ledgerName.toLowerCase(), b.ledgerName.toLowerCase()) || compareText(a.companyId, b.companyId),
    ),
    vouchers,
  };
}

// ---- XML -------------------------------------------------------------------------------------

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or an attribute value, escaped, with the characters XML cannot carry removed. */
export const escapeXml = (value: string) =>
  value.replace(CONTROL_CHARACTERS, '').replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);

type Lines = string[];
const leaf = (tag: string, value: string): Lines => [`<${tag}>${escapeXml(value)}</${tag}>`];
const optionalLeaf = (tag: string, value: string | null | undefined): Lines => (value ? leaf(tag, value) : []);
function element(tag: string, children: Lines[], attributes: Record<string, string> = {}): Lines {
  const attributeText = Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeXml(value)}"`)
    .join('');
  return [`<${tag}${attributeText}>`, ...children.flat().map((line) => `  ${line}`), `</${tag}>`];
}
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
/** Tally's sign rule: a debit is deemed positive and written negative; a credit the other way. */
const amountText = (debitPaise: number) => paiseToDecimalText(-debitPaise);

/** An `Import Data` request for Tally: one report (All Masters or Vouchers), its objects in one TALLYMESSAGE. */
function envelope(report: 'All Masters' | 'Vouchers', objects: Lines[], company: string | null): string {
  const lines = element('ENVELOPE', [
    element('HEADER', [leaf('TALLYREQUEST', 'Import Data')]),
    element('BODY', [
      element('IMPORTDATA', [
        element('REQUESTDESC', [
          leaf('REPORTNAME', report),
          ...(company ? [element('STATICVARIABLES', [leaf('SVCURRENTCOMPANY', company)])] : []),
        ]),
        element('REQUESTDATA', [element('TALLYMESSAGE', objects, { 'xmlns:UDF': 'TallyUDF' })]),
      ]),
    ]),
  ]);
  return `${['<?xml version="1.0" encoding="UTF-8"?>', ...lines].join('\r\n')}\r\n`;
}

/** The day GST began: the date the ledgers' dated GST and mailing details apply from (the same every export). */
const GST_START = '20170701';

function ledgerMaster(name: string, group: string, details: Lines[] = []): Lines {
  return element(
    'LEDGER',
    [element('NAME.LIST', [leaf('NAME', name)], { TYPE: 'String' }), leaf('PARENT', group), ...details],
    {
      NAME: name,
      ACTION: 'Create',
    },
  );
}

function partyMaster(party: TallyParty): Lines {
  if (!party.hasDocument) {
    // Known from a payment only: no GST details, so an import never blanks the ones a document gave.
    return ledgerMaster(party.ledgerName, PARTY_GROUP, [
      leaf('ISBILLWISEON', 'Yes'),
      element('MAILINGNAME.LIST', [leaf('MAILINGNAME', party.mailingName)], { TYPE: 'String' }),
    ]);
  }
  const inIndia = isIndia(party.country);
  const country = inIndia ? 'India' : party.country;
  const state = inIndia ? party.state : '';
  const registration = registrationTypeOf(party.gstin);
  const address = party.address ? [element('ADDRESS.LIST', [leaf('ADDRESS', party.address)], { TYPE: 'String' })] : [];
  return ledgerMaster(party.ledgerName, PARTY_GROUP, [
    leaf('ISBILLWISEON', 'Yes'),
    element('MAILINGNAME.LIST', [leaf('MAILINGNAME', party.mailingName)], { TYPE: 'String' }),
    ...address,
    // The flat fields older releases read, then the dated details TallyPrime 3 and later read.
    optionalLeaf('LEDSTATENAME', state),
    leaf('COUNTRYNAME', country),
    leaf('GSTREGISTRATIONTYPE', registration),
    optionalLeaf('PARTYGSTIN', party.gstin),
    element('LEDMAILINGDETAILS.LIST', [
      ...address,
      leaf('APPLICABLEFROM', GST_START),
      leaf('MAILINGNAME', party.mailingName),
      optionalLeaf('STATE', state),
      leaf('COUNTRY', country),
    ]),
    element('LEDGSTREGDETAILS.LIST', [
      leaf('APPLICABLEFROM', GST_START),
      leaf('GSTREGISTRATIONTYPE', registration),
      optionalLeaf('STATE', state),
      optionalLeaf('PLACEOFSUPPLY', state),
      optionalLeaf('GSTIN', party.gstin),
    ]),
  ]);
}

/** The ledgers the vouchers post to, other than parties: the fixed ones, and a sales ledger per rate used. */
function accountLedgers(books: TallyBooks, ledgers: TallyLedgers): Array<{ name: string; key: keyof TallyLedgers }> {
  const used = new Set(books.vouchers.flatMap((voucher) => voucher.entries.map((entry) => entry.ledger)));
  const salesNames = [...used]
    .filter((name) => books.parties.every((party) => party.ledgerName !== name))
    .filter((name) => !Object.values(ledgers).includes(name))
    .sort(compareText);
  const fixed = (Object.keys(TALLY_LEDGER_VARIABLES) as Array<keyof TallyLedgers>).filter(
    (key) => key !== 'sales' && (key !== 'untaxedSales' || used.has(ledgers.untaxedSales)),
  );
  return [
    ...salesNames.map((name) => ({ name, key: 'sales' as const })),
    // A template without '{rate}' is itself the one sales ledger.
    ...(used.has(ledgers.sales) ? [{ name: ledgers.sales, key: 'sales' as const }] : []),
    ...fixed.map((key) => ({ name: ledgers[key], key })),
  ];
}

/** tally-masters.xml: the ledgers the month's vouchers need, parties first. */
export function tallyMastersXml(books: TallyBooks, settings: TallySettings): string {
  const accounts = accountLedgers(books, settings.ledgers).map(({ name, key }) => {
    const dutyHead = GST_DUTY_HEADS[key];
    return ledgerMaster(name, LEDGER_GROUPS[key], [
      leaf('ISBILLWISEON', 'No'),
      ...(dutyHead ? [leaf('TAXTYPE', 'GST'), leaf('GSTDUTYHEAD', dutyHead)] : []),
    ]);
  });
  return envelope('All Masters', [...books.parties.map(partyMaster), ...accounts], settings.company);
}

function voucherXml(voucher: TallyVoucher): Lines {
  const gst = voucher.gst;
  return element(
    'VOUCHER',
    [
      leaf('GUID', voucher.remoteId),
      leaf('DATE', voucher.date),
      leaf('EFFECTIVEDATE', voucher.date),
      leaf('VOUCHERTYPENAME', voucher.type),
      leaf('VOUCHERNUMBER', voucher.number),
      optionalLeaf('REFERENCE', voucher.reference?.text),
      optionalLeaf('REFERENCEDATE', voucher.reference?.date),
      leaf('PARTYLEDGERNAME', voucher.partyLedger),
      ...(gst
        ? [
            optionalLeaf('STATENAME', isIndia(gst.country) ? gst.state : ''),
            leaf('COUNTRYOFRESIDENCE', isIndia(gst.country) ? 'India' : gst.country),
            optionalLeaf('PARTYGSTIN', gst.gstin),
            optionalLeaf('PLACEOFSUPPLY', gst.placeOfSupply),
            leaf('GSTREGISTRATIONTYPE', registrationTypeOf(gst.gstin)),
          ]
        : []),
      leaf('NARRATION', voucher.narration),
      leaf('PERSISTEDVIEW', 'Accounting Voucher View'),
      leaf('ISINVOICE', 'No'),
      ...voucher.entries.map((entry) =>
        element('ALLLEDGERENTRIES.LIST', [
          leaf('LEDGERNAME', entry.ledger),
          leaf('ISDEEMEDPOSITIVE', yesNo(entry.debitPaise > 0)),
          leaf('ISPARTYLEDGER', yesNo(entry.isParty === true)),
          leaf('AMOUNT', amountText(entry.debitPaise)),
          ...(entry.bill
            ? [
                element('BILLALLOCATIONS.LIST', [
                  leaf('NAME', entry.bill.name),
                  leaf('BILLTYPE', entry.bill.type),
                  leaf('AMOUNT', amountText(entry.debitPaise)),
                ]),
              ]
            : []),
        ]),
      ),
    ],
    { REMOTEID: voucher.remoteId, VCHTYPE: voucher.type, ACTION: 'Create', OBJVIEW: 'Accounting Voucher View' },
  );
}

/** tally-vouchers.xml: the month's vouchers (import tally-masters.xml first). */
export function tallyVouchersXml(books: TallyBooks, settings: TallySettings): string {
  return envelope('Vouchers', books.vouchers.map(voucherXml), settings.company);
}

/** What README.txt says of the Tally files, with the ledger names in use and their variables. */
export function tallyReadme(settings: TallySettings): string {
  const { ledgers } = settings;
  const width = Math.max(...Object.values(TALLY_LEDGER_VARIABLES).map((variable) => variable.length));
  return [
    'Tally (TallyPrime): import tally-masters.xml first (Import > Masters), then tally-vouchers.xml',
    '(Import > Transactions). tally-masters.xml holds a ledger per customer company under Sundry Debtors',
    '(legal name, GSTIN, state, registration type; its name ends with the last 6 characters of the',
    "company's id) and the ledgers below; tally-vouchers.xml a Sales voucher per tax invoice (sales per GST",
    'rate, CGST and SGST or IGST), a Receipt per payment (gateway or bank, TDS receivable where TDS was',
    'deducted, against the tax invoice when it has one, else on account) and a Credit Note per credit note.',
    "Each voucher's REMOTEID is its document's or payment's id: importing a month again, or months that",
    'overlap, alters those vouchers instead of adding copies. Refunds paid back are not in these files.',
    `Ledgers (the API's settings, in brackets; the sales ledger takes each GST rate for {rate}):`,
    ...(Object.keys(TALLY_LEDGER_VARIABLES) as Array<keyof TallyLedgers>).map(
      (key) => `  ${TALLY_LEDGER_VARIABLES[key].padEnd(width)}  ${ledgers[key]} (${LEDGER_GROUPS[key]})`,
    ),
    `Company in Tally (TALLY_COMPANY): ${settings.company ?? 'the company open in Tally'}.`,
    '',
  ].join('\r\n');
}

/** The Tally files of a pack's month, from the rows documents.csv and payments.csv are written from. */
export function tallyFiles(
  entries: readonly RegisterEntry[],
  payments: readonly PaymentRow[],
  settings: TallySettings,
  month: string,
): Record<'tally-masters.xml' | 'tally-vouchers.xml', string> {
  const books = tallyBooks(entries, payments, settings.ledgers, month);
  return {
    'tally-masters.xml': tallyMastersXml(books, settings),
    'tally-vouchers.xml': tallyVouchersXml(books, settings),
  };
}

/** A pack's files with the Tally files added and README.txt telling of them. */
export function withTallyFiles(
  files: Record<string, string>,
  entries: readonly RegisterEntry[],
  payments: readonly PaymentRow[],
  settings: TallySettings,
  month: string,
): Record<string, string> {
  return {
    ...files,
    'README.txt': `${files['README.txt'] ?? ''}${tallyReadme(settings)}`,
    ...tallyFiles(entries, payments, settings, month),
  };
}
