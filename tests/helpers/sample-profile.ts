/**
 * The profile every arranged customer has (in Pune, with a phone): one fixture for the tests'
 * logins and shop helpers and for scripts/perf.ts, so they arrange the same customer.
 */
export const SAMPLE_PROFILE = {
  phone: '9000012345',
  address: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  country: 'India',
  isAnonymous: false,
};
