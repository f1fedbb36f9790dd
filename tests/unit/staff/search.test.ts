import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_TOKENS,
  customerSearchTokens,
  enquirySearchTokens,
  invoiceSearchTokens,
  searchQueryOf,
  searchTokens,
} from '@/domain/search';

/** Whether a document with these tokens is found by a search box's text (the query and the page's filter). */
function finds(tokens: string[], text: string): boolean {
  const asked = searchQueryOf(text);
  return asked !== null && tokens.includes(asked.token) && asked.others.every((word) => tokens.includes(word));
}

describe('searching customers and enquiries by any word', () => {
  const customer = customerSearchTokens({
    name: 'Asha Verma',
    legalName: 'Shree Ganesh Textiles Private Limited',
    email: 'Accounts.Asha@VermaTextiles.in',
    phone: '+91 98450 12345',
    gstin: '29ABCDE1234F1Z5',
  });

  it('when staff type a word from the middle of a business name, or its beginning, then the customer is found', () => {
    expect(finds(customer, 'ganesh')).toBe(true);
    expect(finds(customer, 'Texti')).toBe(true);
    expect(finds(customer, 'SHREE   ganesh')).toBe(true);
    expect(finds(customer, 'ganesh sweets')).toBe(false);
  });

  it('when staff type an email, a part of it, a mobile number or a GSTIN, then the customer is found', () => {
    expect(finds(customer, 'accounts.asha@vermatextiles.in')).toBe(true);
    expect(finds(customer, 'vermatex')).toBe(true);
    expect(finds(customer, '9845012345')).toBe(true);
    expect(finds(customer, '919845012345')).toBe(true);
    expect(finds(customer, '29abcde1234f1z5')).toBe(true);
  });

  it('when a word is longer than twelve letters, then typing it whole or in part finds it', () => {
    const tokens = customerSearchTokens({ name: 'Kanyakumarikkal Industries' });
    expect(finds(tokens, 'kanyakumarikkal')).toBe(true);
    expect(finds(tokens, 'kanyakumari')).toBe(true);
  });

  it("when an enquiry's message mentions a word, then that whole word finds it, but not a beginning of it", () => {
    const tokens = enquirySearchTokens({
      name: 'Farah Khan',
      email: 'farah@example.com',
      message: 'We need an inventory dashboard for 8 looms',
    });
    expect(finds(tokens, 'looms')).toBe(true);
    expect(finds(tokens, 'farah k')).toBe(true);
    expect(finds(tokens, 'inven')).toBe(false);
  });

  it('when a message is very long, then the tokens stay within the cap and the name still finds it', () => {
    const message = Array.from({ length: 500 }, (_, index) => `word${index}`).join(' ');
    const tokens = enquirySearchTokens({ name: 'Zubin Mehta', message });
    expect(tokens.length).toBe(MAX_SEARCH_TOKENS);
    expect(finds(tokens, 'zu')).toBe(true);
  });

  it('when the search box holds only spaces or punctuation, then nothing is asked', () => {
    expect(searchQueryOf('  ,. ')).toBeNull();
    expect(searchTokens([{ text: null }, { text: undefined, prefixes: true }])).toEqual([]);
  });
});

describe('searching invoices by number, PO number or vendor code', () => {
  const invoice = invoiceSearchTokens({
    number: 'PI/2026-27/0007',
    poNumber: 'PO/2026/118',
    vendorCode: 'VND-0042',
    name: 'Asha Verma',
    legalName: 'Verma Textiles Private Limited',
    email: 'accounts@vermatextiles.in',
  });

  it('when staff type the PO number as printed, whole or in part, then the invoice is found', () => {
    expect(finds(invoice, 'PO/2026/118')).toBe(true);
    expect(finds(invoice, 'po2026118')).toBe(true);
    expect(finds(invoice, 'po20261')).toBe(true);
    expect(finds(invoice, 'PO/2026/119')).toBe(false);
  });

  it('when staff type the invoice number, the vendor code or the buyer, then the invoice is found', () => {
    expect(finds(invoice, 'PI/2026-27/0007')).toBe(true);
    expect(finds(invoice, 'vnd-0042')).toBe(true);
    expect(finds(invoice, 'vnd0042')).toBe(true);
    expect(finds(invoice, 'verma textiles')).toBe(true);
  });
});
