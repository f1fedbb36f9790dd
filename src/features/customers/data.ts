import { collection, doc, type DocumentData } from 'firebase/firestore';
import { customerSearchTokens } from '@/domain/search';
import { str, num, date, stringsOf, texts, converter, readOnly, pick } from '@/lib/converters';
import { db } from '@/lib/firestore';

// The users collection: each customer's profile (the customer writes theirs; staff read all), and what is left of a deleted account.
export interface Profile {
  uid: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  country: string;
  /** Six digits, printed after the address on tax invoices; '' when not given. */
  pinCode: string;
  /** The customer's GSTIN, printed on their tax invoices; '' when they have none. */
  gstin: string;
  /** The legal business name a tax invoice to the GSTIN is made out to; '' when none. */
  legalName: string;
  isAnonymous: boolean;
  /** The words staff find the customer by (src/domain/search.ts). */
  searchTokens?: string[];
  /** A customer record staff billed from an enquiry, with no login (yet); written by the server only. */
  isLead?: boolean;
  createdAt: Date | null;
  /** Consent to news and offers, as the API recorded it (never written by the browser); absent: never given. */
  marketingConsent?: MarketingConsent;
}

export interface MarketingConsent {
  granted: boolean;
  /** When the API recorded the choice (its own clock). */
  at: Date | null;
  /** The words the choice was made with. */
  wording: string;
}

const PROFILE_FIELDS = [
  'uid',
  'name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'country',
  'pinCode',
  'gstin',
  'legalName',
  'isAnonymous',
  'createdAt',
  'searchTokens',
];

/**
 * The profile as written: the fields given, and with a whole profile (a first save, the details
 * step) the words staff find it by (`searchTokens`, src/domain/search.ts). A merge of some fields
 * passes its own tokens, made from the whole profile as it becomes (see the profile feature).
 */
function storedProfile(profile: Record<string, unknown>): DocumentData {
  const stored = pick(profile, PROFILE_FIELDS);
  if (stored.searchTokens === undefined && 'uid' in stored && 'createdAt' in stored) {
    stored.searchTokens = customerSearchTokens(stored as Parameters<typeof customerSearchTokens>[0]);
  }
  return stored;
}

const profileConverter = converter<Profile>(
  (uid, data) => ({
    uid,
    ...texts(data, ['name', 'email', 'phone', 'address', 'city', 'state', 'country', 'pinCode', 'gstin', 'legalName']),
    isAnonymous: data.isAnonymous === true,
    ...(data.isLead === true ? { isLead: true } : {}),
    searchTokens: stringsOf(data.searchTokens),
    createdAt: date(data.createdAt),
    ...(typeof data.marketingConsent === 'object' && data.marketingConsent !== null
      ? {
          marketingConsent: {
            granted: (data.marketingConsent as { granted?: unknown }).granted === true,
            at: date((data.marketingConsent as { at?: unknown }).at),
            wording: str((data.marketingConsent as { wording?: unknown }).wording),
          },
        }
      : {}),
  }),
  storedProfile,
);

/** What is left of a deleted account (`deletedAccounts/{uid}`, written by the API): no name, no email. */
export interface DeletedAccount {
  uid: string;
  deletedAt: Date | null;
  /** When the last record the law keeps goes (and this with it). */
  retainUntil: Date | null;
  kept: { documents: number; payments: number; refunds: number };
}

const deletedAccountConverter = converter<DeletedAccount>((uid, data) => {
  const kept = (typeof data.kept === 'object' && data.kept !== null ? data.kept : {}) as Record<string, unknown>;
  return {
    uid,
    deletedAt: date(data.deletedAt),
    retainUntil: date(data.retainUntil),
    kept: { documents: num(kept.documents), payments: num(kept.payments), refunds: num(kept.refunds) },
  };
}, readOnly);

export const deletedAccountDoc = (uid: string) =>
  doc(db, 'deletedAccounts', uid).withConverter(deletedAccountConverter);

/** A profile as a row of the console's customer list. */
export type Customer = Profile & { id: string };

const customerConverter = converter<Customer>(
  (uid, _data, snapshot) => ({ ...profileConverter.fromFirestore(snapshot), id: uid }),
  readOnly,
);

export const userDoc = (uid: string) => doc(db, 'users', uid).withConverter(profileConverter);
export const customersCollection = () => collection(db, 'users').withConverter(customerConverter);
