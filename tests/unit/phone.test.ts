import { describe, expect, it } from 'vitest';
import { isValidPhone, PHONE_MESSAGE } from '@/domain/phone';
import { profileDetailsSchema } from '@/domain/profile-schemas';
import { contactFormSchema } from '@/domain/schemas';

describe('isValidPhone', () => {
  it('when an Indian number has 10 digits, with or without +91 or the trunk 0, then it is accepted', () => {
    for (const phone of [
      '9876543210',
      '+919876543210',
      '+91 98765 43210',
      '098765 43210',
      '80 4567 8910',
      '(080) 4567-8910',
    ]) {
      expect(isValidPhone(phone), phone).toBe(true);
    }
  });

  it('when an international number starts with + and its country code, then it is accepted', () => {
    for (const phone of ['+44 20 7946 0958', '+1 (415) 555-2671', '+971 4 123 4567', '+6591234567']) {
      expect(isValidPhone(phone), phone).toBe(true);
    }
  });

  it('when it is letters, too short, too long, or +91 without 10 digits, then it is refused', () => {
    for (const phone of [
      'abc',
      '',
      '12345',
      '98765 4321',
      '98765432101',
      '+91 98765',
      '+91 98765 432109',
      '0000000000',
      '+0 123 4567',
      '+1234567890123456',
      '98765abcde',
    ]) {
      expect(isValidPhone(phone), phone).toBe(false);
    }
  });
});

const details = {
  name: 'Asha',
  phone: '9876543210',
  address: '1 MG Road',
  country: 'India',
  state: 'Karnataka',
  city: 'Bengaluru',
};

describe('phone fields of the forms', () => {
  it("when the profile's phone is 'abc', then the form refuses it with the rule", () => {
    const result = profileDetailsSchema.safeParse({ ...details, phone: 'abc' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE]);
    expect(profileDetailsSchema.safeParse(details).success).toBe(true);
  });

  it('when the contact number is empty it is fine; when it is not a phone number it is refused', () => {
    const query = { name: 'Asha', email: 'asha@example.com', message: 'Hello' };
    expect(contactFormSchema.safeParse({ ...query, contactNumber: '' }).success).toBe(true);
    expect(contactFormSchema.safeParse(query).success).toBe(true);
    expect(contactFormSchema.safeParse({ ...query, contactNumber: '+91 98765 43210' }).success).toBe(true);
    const bad = contactFormSchema.safeParse({ ...query, contactNumber: 'abc' });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE]);
  });
});
