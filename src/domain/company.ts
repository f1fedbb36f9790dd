/** The registered office, in parts (structured data) and as one line (everything else). */
const OFFICE = {
  streetAddress: '2nd Floor, 14 Residency Road',
  locality: 'Bengaluru',
  region: 'Karnataka',
  postalCode: '560025',
  /** ISO 3166-1 alpha-2. */
  countryCode: 'IN',
  country: 'India',
} as const;

/** The company's name and contact facts, in one place. */
export const COMPANY = {
  name: 'Nimbus Bespoke Software',
  shortName: 'Nimbus',
  legalName: 'Nimbus Bespoke Software Private Limited',
  email: 'hello@nimbusbespoke.in',
  phone: '+91 80 4567 8910',
  office: OFFICE,
  address: `${OFFICE.streetAddress}, ${OFFICE.locality}, ${OFFICE.region} ${OFFICE.postalCode}, ${OFFICE.country}`,
  /** The public site, where canonical links point unless the build is told otherwise (PUBLIC_SITE_URL). */
  website: 'https://nimbusbespoke.in',
  /** The logo's colour: for accents only (white text on it is 2.96:1). */
  brandColour: '#18a2cd',
  /** The brand colour as text, or under white text: 7.1:1 on white (the site's brand-darker). */
  brandInkColour: '#0b5f79',
} as const;

/** The mark on an invoice the company issued (the customer can neither change nor delete it). */
export const ISSUED_BY_COMPANY = `Issued by ${COMPANY.name}`;

export const POLICY_DATE = '10 September 2025';

/** Almost every customer is in India: new profiles start with it chosen. */
export const DEFAULT_COUNTRY = 'India';
