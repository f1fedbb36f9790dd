import { describe, expect, it } from 'vitest';
import {
  canonicalStateName,
  gstinCheckCharacter,
  gstinProblem,
  gstinSchema,
  gstStateCode,
  isValidGstin,
} from '@/domain/gst';

describe('GSTIN check digit', () => {
  it.each(['27AAPFU0939F1ZV', '29AAAAA0000A1ZY', '33AAACR4849R1ZS'])(
    'when %s is checked, then it is valid',
    (gstin) => {
      expect(isValidGstin(gstin)).toBe(true);
      expect(gstinCheckCharacter(gstin.slice(0, 14))).toBe(gstin[14]);
    },
  );

  it('when one character is mistyped, then the check digit no longer matches', () => {
    // The last is two neighbours swapped.
    for (const gstin of ['27AAPFU0939F1ZW', '27AAPFU0938F1ZV', '27APAFU0939F1ZV']) {
      expect(gstinProblem(gstin), gstin).toBe('check-digit');
    }
  });

  it('when the shape is wrong or the state code does not exist, then it says which', () => {
    for (const gstin of ['27AAPFU0939F1Z', '27AAPFU0939F1AV', '2AAAPFU0939F1ZV']) {
      expect(gstinProblem(gstin), gstin).toBe('format');
    }
    const badState = `55AAPFU0939F1Z`;
    expect(gstinProblem(badState + gstinCheckCharacter(badState))).toBe('state');
  });
});

describe('gstinSchema (the optional profile field)', () => {
  it('when it is empty or absent, then it is accepted as ""', () => {
    expect(gstinSchema.parse('')).toBe('');
    expect(gstinSchema.parse(undefined)).toBe('');
    expect(gstinSchema.parse('   ')).toBe('');
  });

  it('when it is typed in lower case with spaces, then it is stored upper-cased without them', () => {
    expect(gstinSchema.parse(' 27aapfu0939f1zv ')).toBe('27AAPFU0939F1ZV');
    expect(gstinSchema.parse('27AAPFU 0939F 1ZV')).toBe('27AAPFU0939F1ZV');
  });

  it('when the check digit is wrong, then the message says so', () => {
    const result = gstinSchema.safeParse('27AAPFU0939F1ZW');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('This GSTIN is not valid: please check it for typing mistakes.');
  });
});

describe('GST state codes', () => {
  it('when a state or union territory is named as the location data names it, then its GST code is found', () => {
    const codes = {
      Karnataka: '29',
      Maharashtra: '27',
      Delhi: '07',
      'Andhra Pradesh': '37',
      'Dadra and Nagar Haveli and Daman and Diu': '26',
      Ladakh: '38',
    };
    for (const [name, code] of Object.entries(codes)) {
      expect(gstStateCode(name), name).toBe(code);
    }
  });

  it('when the name differs in case, spacing, "&" or is an old name, then it still maps', () => {
    expect(gstStateCode('  tamil   nadu ')).toBe('33');
    expect(gstStateCode('Andaman & Nicobar Islands')).toBe('35');
    expect(gstStateCode('Orissa')).toBe('21');
    expect(canonicalStateName('pondicherry')).toBe('Puducherry');
  });

  it('when the name is unknown or empty, then there is no code', () => {
    expect(gstStateCode('California')).toBeNull();
    expect(gstStateCode('')).toBeNull();
    expect(gstStateCode(undefined)).toBeNull();
  });
});
