/**
 * Search by any word, without a search service: a document that staff search carries
 * `searchTokens`, the lower-cased words of what it may be found by (and their beginnings, for the
 * fields people type part of), and a search asks Firestore for the documents whose tokens contain
 * the typed word (`array-contains`), page by page like every list. So a word in the middle of a
 * business name finds it, and no search ever reads a whole collection.
 */

/** Tokens per document at most (Firestore indexes each array entry; the rules cap it too). */
export const MAX_SEARCH_TOKENS = 300;
/** The shortest beginning of a word that is a token of its own ('v' finds 'Verma': 'farah k'). */
const MIN_PREFIX = 1;
/** Words are kept to their first 12 characters, on both sides: a token and what is searched. */
const MAX_WORD = 12;

/** The words of a text, lower-cased: letters and digits (of any script), split on everything else. */
export function searchWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((word) => word.slice(0, MAX_WORD));
}

export interface SearchField {
  text: string | null | undefined;
  /** Also every beginning of each word (names, emails): for words people type in part. */
  prefixes?: boolean;
}

/** The tokens of a document's searchable fields (see the top of this module). */
export function searchTokens(fields: SearchField[]): string[] {
  const tokens = new Set<string>();
  const add = (token: string) => {
    if (tokens.size < MAX_SEARCH_TOKENS) tokens.add(token);
  };
  // The fields people type in part come first, whole words and then their beginnings, so that a
  // long message (its whole words only, last) cannot crowd a name out.
  const named = fields.filter((field) => field.prefixes).flatMap((field) => searchWords(field.text ?? ''));
  for (const word of named) add(word);
  for (const word of named) for (let length = MIN_PREFIX; length < word.length; length += 1) add(word.slice(0, length));
  for (const field of fields) if (!field.prefixes) for (const word of searchWords(field.text ?? '')) add(word);
  return [...tokens];
}

/** A phone number's digits, whole and its last ten (how Indians type a mobile number). */
export function phoneSearchText(phone: string | null | undefined): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length > 10 ? `${digits} ${digits.slice(-10)}` : digits;
}

/** An email's parts as words ('asha.verma@vermatextiles.in' -> asha, verma, vermatextiles, in) and whole. */
export function emailSearchText(email: string | null | undefined): string {
  const address = (email ?? '').trim().toLowerCase();
  return address ? `${address.replace(/[^\p{L}\p{N}]+/gu, ' ')} ${address.replace(/@.*/, '')}` : '';
}

type Text = string | null | undefined;
/** A document's text fields, any of them missing. */
type TextsOf<Key extends string> = { [K in Key]?: Text };

/** Who someone is, each found by the start of its words: name, business name, email, phone. */
function personFields(name: Text, businessName: Text, email: Text, phone: Text) {
  return [name, businessName, emailSearchText(email), phoneSearchText(phone)].map((text): SearchField => ({
    text,
    prefixes: true,
  }));
}

/** A customer's tokens: name, legal (business) name, email, phone, GSTIN. */
export function customerSearchTokens(profile: TextsOf<'name' | 'legalName' | 'email' | 'phone' | 'gstin'>): string[] {
  return searchTokens([
    ...personFields(profile.name, profile.legalName, profile.email, profile.phone),
    { text: profile.gstin, prefixes: true },
  ]);
}

/**
 * A company's tokens (the console finds a company by any of them): its name, legal name and GSTIN,
 * then every member's name and email. Whole words come before beginnings (see searchTokens), so
 * even a company of many members stays findable by every whole name and address word.
 */
export function companySearchTokens(
  company: TextsOf<'name' | 'legalName' | 'gstin'>,
  members: Array<TextsOf<'name' | 'email'>>,
): string[] {
  return searchTokens([
    { text: company.name, prefixes: true },
    { text: company.legalName, prefixes: true },
    { text: company.gstin, prefixes: true },
    ...members.flatMap((member): SearchField[] => [
      { text: member.name, prefixes: true },
      { text: emailSearchText(member.email), prefixes: true },
    ]),
  ]);
}

/** An enquiry's tokens: who sent it (name, business, email, phone) and the words of the message. */
export function enquirySearchTokens(
  enquiry: TextsOf<'name' | 'businessName' | 'email' | 'contactNumber' | 'message'>,
): string[] {
  return searchTokens([
    ...personFields(enquiry.name, enquiry.businessName, enquiry.email, enquiry.contactNumber),
    { text: enquiry.message },
  ]);
}

/**
 * A project's tokens: its customer (a name, or the email a nameless buyer is known by), its title,
 * and its order or quote number ('ORD-1732…', 'QT/2026-27/0001'): each found by the start of its words.
 */
export function projectSearchTokens(project: TextsOf<'customerName' | 'title' | 'number'>): string[] {
  const customer = project.customerName?.includes('@') ? emailSearchText(project.customerName) : project.customerName;
  return searchTokens([customer, project.number, project.title].map((text): SearchField => ({ text, prefixes: true })));
}

/**
 * An issued invoice's tokens (the console's invoice search): its number whole and by its parts
 * ('PI/2026-27/0007' -> pi, 2026, 27, 0007 and the whole), the buyer's PO number and vendor code
 * the same way, and who it is to (name, business name, email).
 */
export function invoiceSearchTokens(
  invoice: TextsOf<'number' | 'poNumber' | 'vendorCode' | 'name' | 'legalName' | 'email'>,
): string[] {
  const whole = (text: Text) => (text ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return searchTokens([
    { text: [invoice.number, whole(invoice.number)].join(' ') },
    {
      text: [invoice.poNumber, whole(invoice.poNumber), invoice.vendorCode, whole(invoice.vendorCode)].join(' '),
      prefixes: true,
    },
    ...personFields(invoice.name, invoice.legalName, invoice.email, null),
  ]);
}

/**
 * What a search box's text asks Firestore for: its longest word (the most selective), and the
 * other words, which the rows found must also contain (checked on the page).
 */
export function searchQueryOf(text: string): { token: string; others: string[] } | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const token = [...words].sort((a, b) => b.length - a.length)[0]!;
  return { token, others: words.filter((word) => word !== token) };
}

/** How an email is looked up (an enquiry's `emailLower`: finding a person's enquiries by address). */
export const emailKey = (email: string) => email.trim().toLowerCase();
