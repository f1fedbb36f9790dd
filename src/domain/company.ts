/** The company's name and contact facts, in one place. */
export const COMPANY = {
  name: 'Nimbus Bespoke Software',
  shortName: 'Nimbus',
  legalName: 'Nimbus Bespoke Software Private Limited',
  email: 'hello@nimbusbespoke.in',
  phone: '+91 80 4567 8910',
  address: '2nd Floor, 14 Residency Road, Bengaluru, Karnataka 560025, India',
  brandColour: '#18a2cd',
} as const;

export const POLICY_DATE = '10 September 2025';

/** Almost every customer is in India: new profiles start with it chosen. */
export const DEFAULT_COUNTRY = 'India';
