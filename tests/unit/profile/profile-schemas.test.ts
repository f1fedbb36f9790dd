import { describe, expect, it } from 'vitest';
import {
  billingDetailsSchema,
  LEGAL_NAME_REQUIRED,
  PIN_CODE_MESSAGE,
  PIN_CODE_REQUIRED,
  pinCodeSchema,
  profileDetailsSchema,
  signupFormSchema,
} from '@/domain/profile-schemas';

const details = {
  name: 'Rohan Mehta',
  phone: '9876543210',
  address: '4 Residency Road',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
};
const GSTIN = '29AAAAB0000B1ZV';

/** Each issue's message, keyed by the field it is on. */
const issuesOf = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('the buyer identity on the profile forms', () => {
  it('when a GSTIN is given without a legal name or PIN code, then each is required with its message', () => {
    const result = profileDetailsSchema.safeParse({ ...details, gstin: GSTIN });
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual([
      ['legalName', LEGAL_NAME_REQUIRED],
      ['pinCode', PIN_CODE_REQUIRED],
    ]);
  });

  it('when only blanks are typed for the legal name and PIN with a GSTIN, then they are still required', () => {
    const result = profileDetailsSchema.safeParse({ ...details, gstin: GSTIN, legalName: '   ', pinCode: '  ' });
    expect(issuesOf(result)).toEqual([
      ['legalName', LEGAL_NAME_REQUIRED],
      ['pinCode', PIN_CODE_REQUIRED],
    ]);
  });

  it('when a GSTIN comes with its legal name and PIN, then all three are kept, trimmed and normalised', () => {
    const parsed = profileDetailsSchema.parse({
      ...details,
      gstin: '29aaaab0000b1zv',
      legalName: '  Mehta Exports Private Limited ',
      pinCode: '560 025',
    });
    expect(parsed).toMatchObject({ gstin: GSTIN, legalName: 'Mehta Exports Private Limited', pinCode: '560025' });
  });

  it('when there is no GSTIN, then the legal name and PIN are optional and stored as empty', () => {
    expect(profileDetailsSchema.parse(details)).toMatchObject({ gstin: '', legalName: '', pinCode: '' });
    expect(profileDetailsSchema.parse({ ...details, pinCode: '110001' })).toMatchObject({ pinCode: '110001' });
  });

  it('when the legal name is longer than 200 characters, then it is refused', () => {
    const result = profileDetailsSchema.safeParse({ ...details, legalName: 'x'.repeat(201) });
    expect(issuesOf(result)).toEqual([['legalName', 'Legal business name must be at most 200 characters.']]);
  });

  it('when signing up with a GSTIN, then the same rule holds beside the passwords', () => {
    const signup = { ...details, email: 'rohan@example.com', password: 'secret1', confirmPassword: 'secret1' };
    expect(issuesOf(signupFormSchema.safeParse({ ...signup, gstin: GSTIN }))).toEqual([
      ['legalName', LEGAL_NAME_REQUIRED],
      ['pinCode', PIN_CODE_REQUIRED],
    ]);
    expect(
      signupFormSchema.safeParse({ ...signup, gstin: GSTIN, legalName: 'Mehta Exports', pinCode: '560025' }).success,
    ).toBe(true);
  });
});

describe('pinCodeSchema', () => {
  it('when it is six digits starting 1-9 (spaces allowed), then it is kept as six digits', () => {
    for (const [typed, stored] of [
      ['560001', '560001'],
      ['110 001', '110001'],
      [' 999999 ', '999999'],
      ['', ''],
    ]) {
      expect(pinCodeSchema.parse(typed), typed).toBe(stored);
    }
    expect(pinCodeSchema.parse(undefined)).toBe('');
  });

  it('when it starts with 0, has another length or is not digits, then it is refused with the message', () => {
    for (const typed of ['012345', '56001', '5600011', 'abcdef', '56000A', '560-001']) {
      const result = pinCodeSchema.safeParse(typed);
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(PIN_CODE_MESSAGE);
    }
  });
});

describe('billingDetailsSchema (staff correcting a customer)', () => {
  const billing = { address: '4 Residency Road', legalName: '', pinCode: '', gstin: '' };

  it('when staff give a GSTIN without a legal name, then it is refused with the message', () => {
    const result = billingDetailsSchema.safeParse({ ...billing, gstin: GSTIN, pinCode: '560025' });
    expect(issuesOf(result)).toEqual([['legalName', LEGAL_NAME_REQUIRED]]);
  });

  it('when the GSTIN is invalid or the address is empty, then it is refused', () => {
    expect(billingDetailsSchema.safeParse({ ...billing, gstin: '29AAAAB0000B1ZW' }).success).toBe(false);
    expect(issuesOf(billingDetailsSchema.safeParse({ ...billing, address: ' ' }))).toEqual([
      ['address', 'Address is required.'],
    ]);
  });

  it('when the details are complete, or there is no GSTIN, then they parse', () => {
    expect(
      billingDetailsSchema.parse({ ...billing, gstin: GSTIN, legalName: 'Mehta Exports', pinCode: '560025' }),
    ).toEqual({ address: '4 Residency Road', gstin: GSTIN, legalName: 'Mehta Exports', pinCode: '560025' });
    expect(billingDetailsSchema.parse({ address: '4 Residency Road' })).toEqual({ ...billing });
  });
});
