import { serverTimestamp } from 'firebase/firestore';

/** A complete customer profile at users/{uid}, as the site writes it. */
export const profile = (uid: string, overrides: Record<string, unknown> = {}) => ({
  uid,
  name: 'Alice',
  email: 'alice@example.com',
  phone: '9876543210',
  address: '1 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  isAnonymous: false,
  createdAt: serverTimestamp(),
  ...overrides,
});
