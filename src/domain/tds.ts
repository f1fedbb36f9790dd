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
