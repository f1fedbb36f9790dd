import { z } from 'zod';

/**
 * GST identities: state codes and GSTINs. Pure, shared by the profile forms (validation) and the
 * server (tax documents).
 */

/** GST state and union territory codes, as printed on tax invoices (first two digits of a GSTIN). */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  'Jammu and Kashmir': '01',
  'Himachal Pradesh': '02',
  Punjab: '03',
  Chandigarh: '04',
  Uttarakhand: '05',
  Haryana: '06',
  Delhi: '07',
  Rajasthan: '08',
  'Uttar Pradesh': '09',
  Bihar: '10',
  Sikkim: '11',
  'Arunachal Pradesh': '12',
  Nagaland: '13',
  Manipur: '14',
  Mizoram: '15',
  Tripura: '16',
  Meghalaya: '17',
  Assam: '18',
  'West Bengal': '19',
  Jharkhand: '20',
  Odisha: '21',
  Chhattisgarh: '22',
  'Madhya Pradesh': '23',
  Gujarat: '24',
  'Dadra and Nagar Haveli and Daman and Diu': '26',
  Maharashtra: '27',
  Karnataka: '29',
  Goa: '30',
  Lakshadweep: '31',
  Kerala: '32',
  'Tamil Nadu': '33',
  Puducherry: '34',
  'Andaman and Nicobar Islands': '35',
  Telangana: '36',
  'Andhra Pradesh': '37',
  Ladakh: '38',
  'Other Territory': '97',
};

/** Place of supply of a recipient outside India (the code GST returns and e-invoices use). */
export const FOREIGN_COUNTRY = { state: 'Foreign Country', stateCode: '96' } as const;

/** Older or informal names people type or older data holds, mapped to the current name. */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  'nct of delhi': 'Delhi',
  'new delhi': 'Delhi',
  'national capital territory of delhi': 'Delhi',
  uttaranchal: 'Uttarakhand',
  'daman and diu': 'Dadra and Nagar Haveli and Daman and Diu',
  'dadra and nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  'andaman and nicobar': 'Andaman and Nicobar Islands',
};

const normalise = (name: string) => name.trim().toLowerCase().replace(/&/g, 'and').replace(/\s+/g, ' ');

const BY_NORMALISED_NAME = new Map(Object.keys(GST_STATE_CODES).map((name) => [normalise(name), name]));

/** The official name of an Indian state or union territory from what a profile holds, or null. */
export function canonicalStateName(name: string | null | undefined): string | null {
  if (!name) return null;
  const key = normalise(name);
  return BY_NORMALISED_NAME.get(key) ?? STATE_ALIASES[key] ?? null;
}

/** The two-digit GST state code of an Indian state or union territory name, or null if unknown. */
export function gstStateCode(name: string | null | undefined): string | null {
  const canonical = canonicalStateName(name);
  return canonical ? GST_STATE_CODES[canonical]! : null;
}

/** The state name of a GST state code ('29' -> 'Karnataka'), or null. */
export function stateNameOfCode(code: string): string | null {
  if (code === FOREIGN_COUNTRY.stateCode) return FOREIGN_COUNTRY.state;
  return Object.keys(GST_STATE_CODES).find((name) => GST_STATE_CODES[name] === code) ?? null;
}

const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (5 letters, 4 digits, 1 letter), entity number, 'Z', check character. */
export const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of the first 14 characters of a GSTIN (GSTN's mod-36 scheme: alternate
 * weights 1 and 2 from the left, each product's base-36 digits added).
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let index = 0; index < 14; index += 1) {
    const value = GSTIN_CHARSET.indexOf(first14[index]!);
    if (value < 0) throw new Error(`Not a GSTIN character: ${first14[index]}`);
    const product = value * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36]!;
}

export type GstinProblem = 'format' | 'state' | 'check-digit';

/** Why a GSTIN (already upper-case, no spaces) is invalid, or null when it is valid. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin)) return 'format';
  if (!stateNameOfCode(gstin.slice(0, 2)) || gstin.startsWith('96')) return 'state';
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return 'check-digit';
  return null;
}

export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}

/**
 * The demo seller's GSTIN of `npm start` and the samples: Karnataka (29), the placeholder PAN
 * AAAAA0000A, a valid check character. It passes every check but is no real business's, so the
 * API refuses it on a real project.
 */
export const SAMPLE_SELLER_GSTIN = '29AAAAA0000A1ZY';

/** Upper case without spaces: what a person types ('29aabcn 1234f1z5') as GSTN writes it. */
export function normaliseGstin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  format: 'Please enter a valid 15-character GSTIN, e.g. 29ABCDE1234F1Z5.',
  state: 'The GSTIN must start with a valid state code.',
  'check-digit': 'This GSTIN is not valid: please check it for typing mistakes.',
};

/**
 * The optional GSTIN of a profile form: '' (or absent) when the customer has none, otherwise a
 * valid GSTIN, upper-cased and without spaces.
 */
export const gstinSchema = z
  .string()
  .max(20, GSTIN_MESSAGES.format)
  .transform(normaliseGstin)
  .superRefine((value, context) => {
    const problem = value === '' ? null : gstinProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
  })
  .optional()
  .default('');
