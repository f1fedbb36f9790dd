/**
 * Phone numbers as our customers type them. Accepted: an Indian number of 10 digits (a mobile, or
 * a landline with its STD code), optionally after +91 or the trunk 0; or an international number
 * written with + and its country code (E.164: at most 15 digits). Spaces, dashes, dots and
 * brackets between the digits are allowed and ignored.
 */

export const PHONE_MESSAGE =
  'Enter a 10-digit Indian number (+91 optional) or an international number starting with +.';

const SEPARATORS = /[\s\-.()]/g;
const INDIAN = /^(?:\+91|0)?[1-9]\d{9}$/;
// Another country: + and 7-15 digits. '+91' is India's code, so it must be followed by 10 digits (above).
const INTERNATIONAL = /^\+(?!91)[1-9]\d{6,14}$/;

/** True when `raw` is a phone number we can call back (see above). */
export function isValidPhone(raw: string): boolean {
  const compact = raw.trim().replace(SEPARATORS, '');
  return INDIAN.test(compact) || INTERNATIONAL.test(compact);
}
