/**
 * TDS by the law of the payment's date: one dated table of the kinds of payment a customer deducts
 * TDS from when it pays us, each with its section of the Income-tax Act, 1961 (payments before
 * 1 April 2026) and its entry in the Income-tax Act, 2025 (on and after: section 393(1), a row of
 * its Table and the payment code the TDS returns quote). Rates are unchanged by the 2025 Act, so
 * only the citation changes.
 *
 * What is stored on a payment (`tdsSection`) is the citation's id: the 1961 section ('194J', as
 * every payment recorded before this table has it) or the 2025 payment code ('1027'). The two never
 * collide (sections start '194', codes are four digits from 1001), so a stored value always reads
 * back as the law it was recorded under, and an old record keeps its 1961 section.
 *
 * Sources, checked with the search tool (stored public pages):
 * - The 2025 Act comes into force on 1 April 2026: section 1(3) (Income-tax Act, 2025 as published
 *   in huggingface.co/datasets/ThanniruVenkata/Income-Tax-Act-2025-Machine-Readable-Legal-Text).
 * - Section 393(1)'s Table, from the Act's text (future.indiankanoon.org/doc/103383880, "Section
 *   393(6)" there, i.e. the Table's Sl. No. 6): Sl. No. 6(i) work under a contract (contractors,
 *   1% for an individual or HUF payee, 2% otherwise); 6(iii) fees for professional services, fees
 *   for technical services, royalty (2% or 10%); 6(ii) refers to "Sl. No. 1(ii)" as commission or
 *   brokerage other than the insurance commission of 1(i). Section 402(29) (indiankanoon doc
 *   197861854) ties rent to "section 393(1) [Table: Sl. No. 2(i)]" (rent paid by individuals, the
 *   old 194-IB); rent under the old 194-I is Sl. No. 2(ii). Section 402's definition of "buyer"
 *   (balbathia.com/detail/56117.aspx) names purchase of goods (the old 194Q) as Sl. No. 8(ii).
 * - Payment codes (from the notes to Forms 138/140/143/144, as the pages below transcribe them; the
 *   forms themselves were not in the corpus): commission or brokerage 1006, rent of plant or
 *   machinery 1008, rent of land or building 1009 (terra-insight.com/tools/tds-payment-code-lookup,
 *   which also gives the Table rows 1(ii), 2(ii).D(a) and 2(ii).D(b); tdsguru.in/tds-sections.html
 *   agrees on 1006 and 1008); contractors 1023 (payee an individual or HUF) and 1024 (other payees)
 *   (goforfiling.com/tds-code-1023 and /tds-code-1024; tdsguru.in and taxroutine.com also give
 *   1023 for 194C); technical services 1026 and professional services 1027 (goforfiling.com/
 *   tds-code-1027; terra-insight gives 1027 for professional services, tdsguru 1026 for 194J).
 * - One published mapping gives contractors as "section 393(1), Table Sl. No. 6(i), payment code
 *   1017". The row (6(i)) agrees with the Act; the code does not agree with any other source, and
 *   1017 falls among the codes of Sl. No. 4 (1018 is Sl. No. 4(iv), securitisation trusts), so the
 *   table uses 1023/1024.
 *
 * NOT CONFIRMED, and said so where they are used:
 * - E-commerce operators (old 194-O): Sl. No. 8(v) and payment code 1035 come from one page only
 *   (terra-insight.com's 194-O article), whose earlier version of the code list was wrong.
 * - Purchase of goods (old 194Q): the row (8(ii)) is the Act's, but no source gave its payment code.
 * - Benefits or perquisites of a business (old 194R): neither its row nor its code was found.
 * Kinds without a payment code are not offered for payments from 1 April 2026 (a software company's
 * fees are not goods or perquisites); anything else recorded before keeps its 1961 section.
 */

/** The first day the Income-tax Act, 2025 governs TDS (YYYY-MM-DD, India): section 1(3) of that Act. */
export const INCOME_TAX_ACT_2025_FROM = '2026-04-01';

export type TdsAct = 'Income-tax Act, 1961' | 'Income-tax Act, 2025';

/** A 1961 section a payment may be stored with: every value recorded before the 2025 Act. */
export const TDS_SECTIONS_1961 = ['194J', '194C', '194H', '194I', '194O', '194Q', '194R'] as const;
export type TdsSection1961 = (typeof TDS_SECTIONS_1961)[number];

/** What each 1961 section is for, as staff pick it and the receipt can name it. */
export const TDS_SECTION_NAMES: Record<TdsSection1961, string> = {
  '194J': 'fees for professional or technical services',
  '194C': 'payments to contractors',
  '194H': 'commission or brokerage',
  '194I': 'rent',
  '194O': "e-commerce operator's payments to sellers",
  '194Q': 'purchase of goods',
  '194R': 'benefits or perquisites of a business',
};

/** Where a kind of payment sits in the 2025 Act: section 393(1), a row of its Table, and the code returns quote. */
interface Entry2025 {
  tableRow: string;
  /** null: not confirmed, so the kind is not offered on and after INCOME_TAX_ACT_2025_FROM. */
  paymentCode: string | null;
  /** What the code is for, where the 1961 section covered more than one code. */
  name: string;
}

interface TdsKind {
  section1961: TdsSection1961;
  act2025: Entry2025 | null;
}

/**
 * The dated table: each kind of payment we may be paid for with TDS deducted, its 1961 section and
 * its 2025 entry. 194J, 194C and 194I each split into two codes under the 2025 Act, so staff pick
 * the one the customer's TDS certificate names. Sources and what is not confirmed: see above.
 */
export const TDS_KINDS = {
  'professional-fees': {
    section1961: '194J',
    act2025: { tableRow: '6(iii)', paymentCode: '1027', name: 'fees for professional services' },
  },
  'technical-fees': {
    section1961: '194J',
    act2025: { tableRow: '6(iii)', paymentCode: '1026', name: 'fees for technical services' },
  },
  'contractor-other': {
    section1961: '194C',
    act2025: {
      tableRow: '6(i)',
      paymentCode: '1024',
      name: 'payments to contractors (a payee other than an individual or HUF)',
    },
  },
  'contractor-individual': {
    section1961: '194C',
    act2025: { tableRow: '6(i)', paymentCode: '1023', name: 'payments to contractors (an individual or HUF payee)' },
  },
  commission: {
    section1961: '194H',
    act2025: { tableRow: '1(ii)', paymentCode: '1006', name: 'commission or brokerage' },
  },
  'rent-plant': {
    section1961: '194I',
    act2025: { tableRow: '2(ii)', paymentCode: '1008', name: 'rent for plant, machinery or equipment' },
  },
  'rent-land': {
    section1961: '194I',
    act2025: { tableRow: '2(ii)', paymentCode: '1009', name: 'rent for land, building, furniture or fittings' },
  },
  // Not confirmed: one source only (see above).
  'e-commerce': {
    section1961: '194O',
    act2025: { tableRow: '8(v)', paymentCode: '1035', name: "e-commerce operator's payments to sellers" },
  },
  // Row confirmed by section 402's text; no payment code found.
  'purchase-of-goods': {
    section1961: '194Q',
    act2025: { tableRow: '8(ii)', paymentCode: null, name: 'purchase of goods' },
  },
  // Neither row nor code found.
  'business-benefits': { section1961: '194R', act2025: null },
} as const satisfies Record<string, TdsKind>;
export type TdsKindKey = keyof typeof TDS_KINDS;

const KINDS = Object.values(TDS_KINDS) as TdsKind[];

/** The 2025 Act's payment codes staff may record, in the order the form offers them. */
export const TDS_CODES_2025 = KINDS.flatMap((kind) => (kind.act2025?.paymentCode ? [kind.act2025.paymentCode] : []));

/** Every value a payment's `tdsSection` may take: a 1961 section or a 2025 payment code. */
export const TDS_CITATION_IDS = [...TDS_SECTIONS_1961, ...TDS_CODES_2025] as [string, ...string[]];

/** One citation as it is printed, stored and offered. */
export interface TdsCitation {
  /** What is stored: '194J' or '1027'. */
  id: string;
  act: TdsAct;
  /** 'section 194J of the Income-tax Act, 1961'; 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027'. */
  text: string;
  /** The console's short form: 'section 194J', 'payment code 1027'. */
  short: string;
  /** The form's option: '194J – fees for ...'; '1027 – fees for professional services (section 393(1), Table Sl. No. 6(iii))'. */
  label: string;
}

function citation1961(section: TdsSection1961): TdsCitation {
  const act: TdsAct = 'Income-tax Act, 1961';
  return {
    id: section,
    act,
    text: `section ${section} of the ${act}`,
    short: `section ${section}`,
    label: `${section} – ${TDS_SECTION_NAMES[section]}`,
  };
}

function citation2025(entry: Entry2025 & { paymentCode: string }): TdsCitation {
  const act: TdsAct = 'Income-tax Act, 2025';
  const row = `Table Sl. No. ${entry.tableRow}`;
  return {
    id: entry.paymentCode,
    act,
    text: `section 393(1) of the ${act}, ${row}, payment code ${entry.paymentCode}`,
    short: `payment code ${entry.paymentCode}`,
    label: `${entry.paymentCode} – ${entry.name} (section 393(1), ${row})`,
  };
}

const CITATIONS_1961 = TDS_SECTIONS_1961.map(citation1961);
const CITATIONS_2025 = KINDS.flatMap((kind) =>
  kind.act2025?.paymentCode ? [citation2025(kind.act2025 as Entry2025 & { paymentCode: string })] : [],
);
const BY_ID = new Map([...CITATIONS_1961, ...CITATIONS_2025].map((citation) => [citation.id, citation]));

/** The Act that governs TDS on a payment received on `day` (YYYY-MM-DD, India). */
export const tdsActOn = (day: string): TdsAct =>
  day >= INCOME_TAX_ACT_2025_FROM ? 'Income-tax Act, 2025' : 'Income-tax Act, 1961';

/** What staff may record for a payment received on `day`: the 1961 sections before 1 April 2026, the 2025 codes after. */
export const tdsCitationsOn = (day: string): readonly TdsCitation[] =>
  tdsActOn(day) === 'Income-tax Act, 2025' ? CITATIONS_2025 : CITATIONS_1961;

/** A stored value's citation (null for a value no table ever had). */
export const tdsCitationOf = (id: string | null | undefined): TdsCitation | null =>
  id ? (BY_ID.get(id) ?? null) : null;

/** A stored value as printed: its citation, or the value itself when the table does not know it. */
export const tdsCitationText = (id: string) => tdsCitationOf(id)?.text ?? id;

/** The kind of payment a citation is for ('professional-fees'); for a 1961 section, its first kind. */
export function tdsKindOf(id: string): TdsKindKey | null {
  const entries = Object.entries(TDS_KINDS) as Array<[TdsKindKey, TdsKind]>;
  const found = entries.find(([, kind]) => kind.act2025?.paymentCode === id || kind.section1961 === id);
  return found ? found[0] : null;
}

/** The citation for a kind of payment received on `day`: 1961 section or 2025 entry (null where it is not confirmed). */
export function tdsCitationFor(kind: TdsKindKey, day: string): TdsCitation | null {
  const entry: TdsKind = TDS_KINDS[kind];
  if (tdsActOn(day) === 'Income-tax Act, 1961') return citation1961(entry.section1961);
  return entry.act2025?.paymentCode ? citation2025(entry.act2025 as Entry2025 & { paymentCode: string }) : null;
}

/** Why a citation is refused for the day received, in the form's words; null when it applies. */
export function tdsCitationProblem(id: string, day: string): string | null {
  const citation = tdsCitationOf(id);
  if (!citation) return 'Choose the TDS section.';
  if (citation.act === tdsActOn(day)) return null;
  return citation.act === 'Income-tax Act, 1961'
    ? `From 1 April 2026 TDS is cited under the Income-tax Act, 2025: choose the payment code that replaced section ${id}.`
    : 'Before 1 April 2026 TDS is cited under the Income-tax Act, 1961: choose its section.';
}

// ---- rates: what a payer deducts ---------------------------------------------------------------

/**
 * The rate of each kind of payment, by the day paid, in basis points (10 % = 1000), newest first;
 * each applies from its `from` day (YYYY-MM-DD, India) until the next. The 2025 Act kept every rate
 * (its Table carries them over), so one list serves both Acts. Sources, checked with the search
 * tool (stored public pages):
 * - Professional fees 10 %, technical fees 2 % from 1 April 2020 (10 % before): section 194J as the
 *   Finance Act, 2020 amended it (mkrk.co.in "Professional and technical services under section
 *   194J", casanchar.com, teachoo.com quoting the Act's text "two per cent ... fees for technical
 *   services (not being professional services) and ten per cent ... in any other case").
 * - Contractors 1 % when the payee is an individual or HUF, 2 % otherwise: section 194C
 *   (sracademyindia.com, caclubindia.com experts 794500).
 * - Commission or brokerage 2 % from 1 October 2024, 5 % before: section 194H as the Finance
 *   (No. 2) Act, 2024 amended it (taxguru.in "budget-2024-section-194h-tds-rate-cut", quoting
 *   clause 57 of the Bill; cadrassociates.org's table of 1 October 2024 changes).
 * - Rent 2 % for plant, machinery or equipment and 10 % for land, building, furniture or fittings
 *   (since 1 October 2009): section 194-I (taxmanagementindia.com FAQ 3194; the 2009 amendment in
 *   caclubindia.com experts 301585).
 * - E-commerce operators 0.1 % from 1 October 2024, 1 % before (section 194-O, the same 2024
 *   tables); purchase of goods 0.1 % (194Q) and business perquisites 10 % (194R), kept for staff's
 *   records only: a payer of our services is offered neither (see TDS_PAYER_KINDS).
 */
const RATES: Record<TdsKindKey, ReadonlyArray<{ from: string; basisPoints: number }>> = {
  'professional-fees': [{ from: '', basisPoints: 1000 }],
  'technical-fees': [
    { from: '2020-04-01', basisPoints: 200 },
    { from: '', basisPoints: 1000 },
  ],
  'contractor-other': [{ from: '', basisPoints: 200 }],
  'contractor-individual': [{ from: '', basisPoints: 100 }],
  commission: [
    { from: '2024-10-01', basisPoints: 200 },
    { from: '', basisPoints: 500 },
  ],
  'rent-plant': [{ from: '', basisPoints: 200 }],
  'rent-land': [{ from: '', basisPoints: 1000 }],
  'e-commerce': [
    { from: '2024-10-01', basisPoints: 10 },
    { from: '', basisPoints: 100 },
  ],
  'purchase-of-goods': [{ from: '', basisPoints: 10 }],
  'business-benefits': [{ from: '', basisPoints: 1000 }],
};

/**
 * What a payer of our invoices may declare on the pay page, in the order it offers them: the kinds
 * of payment a software company's fees can be, and no others (an e-commerce operator's, a buyer of
 * goods' or a business perquisite's TDS is not deducted from them). Staff may still record any kind.
 */
export const TDS_PAYER_KINDS = [
  'professional-fees',
  'technical-fees',
  'contractor-other',
  'contractor-individual',
  'commission',
  'rent-plant',
  'rent-land',
] as const satisfies readonly TdsKindKey[];
export type TdsPayerKind = (typeof TDS_PAYER_KINDS)[number];

export const isTdsPayerKind = (value: unknown): value is TdsPayerKind =>
  typeof value === 'string' && (TDS_PAYER_KINDS as readonly string[]).includes(value);

/** What each kind is, as the pay page names it to the payer. */
export const TDS_KIND_NAMES: Record<TdsKindKey, string> = {
  'professional-fees': 'Fees for professional services',
  'technical-fees': 'Fees for technical services',
  'contractor-other': 'Payment to a contractor (a company, firm or other payee)',
  'contractor-individual': 'Payment to a contractor (an individual or HUF payee)',
  commission: 'Commission or brokerage',
  'rent-plant': 'Rent of plant, machinery or equipment',
  'rent-land': 'Rent of land, building, furniture or fittings',
  'e-commerce': "E-commerce operator's payment to a seller",
  'purchase-of-goods': 'Purchase of goods',
  'business-benefits': 'Benefit or perquisite of a business',
};

/** The rate of a kind on `day` (YYYY-MM-DD, India), in basis points. */
export function tdsRateBasisPoints(kind: TdsKindKey, day: string): number {
  return RATES[kind].find((rate) => day >= rate.from)!.basisPoints;
}

/** A rate in basis points as people write it: 1000 → '10%', 10 → '0.1%'. */
export const formatTdsRate = (basisPoints: number) => `${basisPoints / 100}%`;

/**
 * A deduction rounded as deductors round it: to the nearest rupee, 50 paise and more up. Section
 * 288B of the 1961 Act rounded "tax (including tax deductible at source ...)" to the nearest rupee
 * this way until it was rewritten; its text today (and section 516 of the 2025 Act) rounds an
 * amount payable to the nearest ten rupees, which the CBDT has applied to the total tax due, not to
 * each deduction (Circular 49 of 1970: rounding is applied "when the tax is finally calculated").
 * Deductors' practice, and what their returns and Form 26AS carry, is a deduction to the rupee
 * (sources: caclubindia.com forum threads 471138 and 298078, quoting both texts; taxtmi.com
 * circular 4454; aubsp.com on section 516 of the 2025 Act). So a payment's TDS is rounded to the
 * rupee, and the certificate staff verify shows the same figure.
 */
export function roundTdsToRupee(exactNumerator: number, denominator: number): number {
  // round(numerator / denominator / 100) * 100, half up, in integers.
  const perRupee = denominator * 100;
  if (!Number.isSafeInteger(exactNumerator * 2 + perRupee)) throw new Error('Amount too large for paise arithmetic.');
  return Math.floor((exactNumerator * 2 + perRupee) / (perRupee * 2)) * 100;
}

/**
 * The taxable value of a payment of `payingPaise` towards a bill of `totalPaise` whose taxable value
 * is `taxablePaise` (the GST it shows separately left out, CBDT Circular 23/2017): all of it when
 * the payment settles the whole bill, else its share, rounded half up to the paisa (a balance left
 * after earlier receipts carries its share of GST).
 */
export function taxableValueOfPayment(bill: { taxablePaise: number; totalPaise: number }, payingPaise: number): number {
  const { taxablePaise, totalPaise } = bill;
  if (totalPaise <= 0 || payingPaise >= totalPaise) return taxablePaise;
  const numerator = taxablePaise * payingPaise;
  if (!Number.isSafeInteger(numerator * 2 + totalPaise)) throw new Error('Amount too large for paise arithmetic.');
  return Math.floor((numerator * 2 + totalPaise) / (totalPaise * 2));
}

/** What a payer deducts for one kind of payment on one day: the law, the rate and the amount. */
export interface TdsQuote {
  kind: TdsPayerKind;
  /** What the pay page lists: 'Fees for professional services'. */
  name: string;
  /** The law of the day paid (its `id` is what the payment stores as `tdsSection`). */
  citation: TdsCitation;
  basisPoints: number;
  /** '10%'. */
  rate: string;
  /** The taxable value of what is being paid now, in paise. */
  taxablePaise: number;
  /** round(taxable × rate) to the rupee (roundTdsToRupee), never more than the taxable value. */
  tdsPaise: number;
}

/**
 * The TDS on a payment: the payer picks the kind, the law of the day gives the citation and the
 * rate, and the amount is the taxable value times the rate, rounded to the rupee. Null for a kind
 * the pay page does not offer or one the day's law has no confirmed entry for.
 */
export function quoteTds(kind: string, day: string, taxablePaise: number): TdsQuote | null {
  if (!isTdsPayerKind(kind)) return null;
  const citation = tdsCitationFor(kind, day);
  if (!citation) return null;
  const basisPoints = tdsRateBasisPoints(kind, day);
  const tdsPaise = Math.min(taxablePaise, roundTdsToRupee(taxablePaise * basisPoints, 10_000));
  return {
    kind,
    name: TDS_KIND_NAMES[kind],
    citation,
    basisPoints,
    rate: formatTdsRate(basisPoints),
    taxablePaise,
    tdsPaise,
  };
}

/** Every kind a payer may declare on `day`, quoted on `taxablePaise`. */
export const tdsQuotesOn = (day: string, taxablePaise: number): TdsQuote[] =>
  TDS_PAYER_KINDS.flatMap((kind) => quoteTds(kind, day, taxablePaise) ?? []);
