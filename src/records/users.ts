import { collection, doc, getDoc, onSnapshot, orderBy, query, type DocumentData, type Query } from 'firebase/firestore';
import { customerSearchTokens } from '@/domain/search';
import { str, date, stringsOf, texts, converter, readOnly, pick } from '@/lib/converters';
import { db } from '@/lib/firestore';
import { searchOn } from '@/lib/search-query';

// The users collection: each customer's profile (the customer writes theirs; staff read all). Read by
// auth, profile, billing and the console's areas (customers, projects, quotes, renewals, payments, mail).
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

/** A profile as a row of the console's customer list. */
export type Customer = Profile & { id: string };

const customerConverter = converter<Customer>(
  (uid, _data, snapshot) => ({ ...profileConverter.fromFirestore(snapshot), id: uid }),
  readOnly,
);

export const userDoc = (uid: string) => doc(db, 'users', uid).withConverter(profileConverter);
export const customersCollection = () => collection(db, 'users').withConverter(customerConverter);

/** Customers, newest first; only those holding the searched words (any word of a name, business, email, phone, GSTIN). */
export function customersQuery(search: string): Query<Customer> {
  return query(customersCollection(), ...searchOn(search), orderBy('createdAt', 'desc'));
}

type OnError = (error: Error) => void;

export const subscribeToCustomer = (uid: string, onData: (profile: Profile | null) => void, onError: OnError) =>
  onSnapshot(userDoc(uid), (snapshot) => onData(snapshot.data() ?? null), onError);

export async function getCustomer(uid: string): Promise<Profile | null> {
  return (await getDoc(userDoc(uid))).data() ?? null;
}
