import {
  collection,
  collectionGroup,
  connectFirestoreEmulator,
  doc,
  type DocumentReference,
  getFirestore,
  onSnapshot,
  orderBy,
  query,
  serverTimestamp,
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type PartialWithFieldValue,
  type Query,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
  type Unsubscribe,
} from 'firebase/firestore';
import type { CartItem } from '@/domain/cart';
import { paiseToRupees, rupeesToPaise } from '@/domain/money';
import { settledPaiseOf } from '@/domain/payable';
import { paymentStatusOf, type PaymentStatus } from '@/domain/console-status';
import { customerSearchTokens } from '@/domain/search';
import { STATUS } from '@/domain/status';
import { convertedDocs } from './converted-docs';
import { env } from './env';
import { app } from './firebase';

/** Firestore lives in its own module so that pages which never need it never load it. */
export const db = getFirestore(app);

if (env.useEmulators) {
  const [host, port] = env.firestoreEmulatorHost.split(':');
  connectFirestoreEmulator(db, host!, Number(port));
}

// ---- What the browser reads and writes, as plain objects -----------------------------------------
// Stored fields keep the spec's names and units (invoice `amount` and order `total` are rupees); in
// code every amount is paise. The converters below are the only place that turns one into the other.

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

export interface Invoice {
  id: string;
  invoiceId: string;
  name: string;
  email: string;
  amountPaise: number;
  currency: string;
  status: string;
  createdAt: Date | null;
  /** 'company' for an invoice staff issued (the customer can neither change nor delete it); unset for the customer's own. */
  issuedBy?: 'company';
  /** Set by the server once paid. */
  paymentId?: string;
  paidAt?: Date;
  /** What the checkout charged, in paise (set by the server with the gateway order). */
  chargedPaise?: number;
  /** The customer whose invoice it is (from its path). */
  ownerUid: string;
  description?: string;
  lines?: Array<{ description: string; amountPaise: number }>;
  /** Refunded so far (a partial refund keeps the status 'Paid'). */
  refundedPaise?: number;
  /** 'proforma' for what the company bills before payment (PI/…). */
  kind?: 'proforma';
  /** A proforma's due date (YYYY-MM-DD, India time). */
  dueDate?: string;
  /** The number of the tax invoice (or receipt) issued once it was paid. */
  taxDocumentNumber?: string;
  /** Paid in parts: what the receipts so far settled (received + TDS), in paise. */
  settledPaise?: number;
}

export interface CustomerQuery {
  id: string;
  businessName: string;
  message: string;
  status: string;
  submittedAt: Date | null;
}

export interface OrderItem {
  id: string;
  name: string;
  category: string;
  price: string;
}

export interface Order {
  id: string;
  /** The customer whose order it is (from its path). */
  ownerUid: string;
  orderNumber: string;
  userId: string;
  items: OrderItem[];
  totalPaise: number;
  currency: string;
  status: string;
  createdAt: Date | null;
  /** Set by the server once paid. */
  paymentId?: string;
  paidAt?: Date;
  /** What the checkout charged, in paise (set by the server with the gateway order). */
  chargedPaise?: number;
  /** The number of the tax invoice (or receipt) issued once it was paid. */
  taxDocumentNumber?: string;
}

/** The number of the tax document the server issued for a paid payable (`taxDocument.number`). */
const taxDocumentNumberOf = (value: unknown) => {
  const number = (
    typeof value === 'object' && value !== null ? (value as { number?: unknown }).number : undefined
  ) as unknown;
  return typeof number === 'string' && number ? number : undefined;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const date = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);
const stringsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
/** The named fields, each read with `read`: `texts(data, ['name', 'email'])` is `{ name: str(data.name), ... }`. */
const fieldsOf =
  <V>(read: (value: unknown) => V) =>
  <K extends string>(fields: Record<string, unknown>, keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, read(fields[key])])) as Record<K, V>;
const texts = fieldsOf(str);
const numbers = fieldsOf(num);
/** Optional links to other documents: null when not set. */
const idsOrNull = fieldsOf((value) => str(value) || null);
/** A server-only amount already in paise (gatewayOrderAmount); undefined when not set. */
const paise = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : undefined);

/** A write still on its way has no server time yet; its estimate keeps it in place meanwhile. */
const read = (snapshot: QueryDocumentSnapshot, options?: SnapshotOptions) =>
  snapshot.data({ ...options, serverTimestamps: 'estimate' });

/** A converter from a mapping each way; writes pass through `toStored` (merges included). */
function converter<T>(
  fromStored: (id: string, data: DocumentData, snapshot: QueryDocumentSnapshot) => T,
  toStored: (model: Record<string, unknown>) => DocumentData,
): FirestoreDataConverter<T> {
  return {
    toFirestore: (model: PartialWithFieldValue<T>) => toStored(model as Record<string, unknown>),
    fromFirestore: (snapshot, options) => fromStored(snapshot.id, read(snapshot, options), snapshot),
  };
}

const readOnly = () => {
  throw new Error('Written by the server only.');
};

/** The uid in users/{uid}/... of a document (collection-group reads span every user). */
const ownerOf = (snapshot: QueryDocumentSnapshot) => snapshot.ref.parent.parent?.id ?? '';

const lines = (value: unknown) =>
  Array.isArray(value)
    ? value.map((line: { description?: unknown; amountPaise?: unknown }) => ({
        description: str(line?.description),
        amountPaise: num(line?.amountPaise),
      }))
    : undefined;

/** Copies the fields a client may write, leaving out the ones not given (Firestore refuses undefined). */
const pick = (model: Record<string, unknown>, keys: readonly string[]): DocumentData =>
  Object.fromEntries(keys.filter((key) => model[key] !== undefined).map((key) => [key, model[key]]));

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

/** What invoices and orders both hold about being paid. */
const payableFields = (data: DocumentData) => ({
  currency: str(data.currency) || 'INR',
  status: str(data.status),
  createdAt: date(data.createdAt),
  paymentId: str(data.paymentId) || undefined,
  paidAt: date(data.paidAt) ?? undefined,
  chargedPaise: paise(data.gatewayOrderAmount),
});

const invoiceConverter = converter<Invoice>(
  (id, data, snapshot) => ({
    id,
    ownerUid: ownerOf(snapshot),
    ...(data.issuedBy === 'company' ? { description: str(data.description), lines: lines(data.lines) } : {}),
    ...(typeof data.refundedPaise === 'number' ? { refundedPaise: data.refundedPaise } : {}),
    ...(data.kind === 'proforma' ? { kind: 'proforma' as const } : {}),
    ...(typeof data.dueDate === 'string' ? { dueDate: data.dueDate } : {}),
    ...(taxDocumentNumberOf(data.taxDocument) ? { taxDocumentNumber: taxDocumentNumberOf(data.taxDocument) } : {}),
    ...(settledPaiseOf(data) > 0 ? { settledPaise: settledPaiseOf(data) } : {}),
    invoiceId: str(data.invoiceId) || id,
    name: str(data.name),
    email: str(data.email),
    amountPaise: rupeesToPaise(num(data.amount)),
    issuedBy: data.issuedBy === 'company' ? 'company' : undefined,
    ...payableFields(data),
  }),
  ({ amountPaise, ...invoice }) => ({
    ...pick(invoice, ['invoiceId', 'name', 'email', 'currency', 'status', 'createdAt']),
    amount: paiseToRupees(amountPaise as number),
  }),
);

const queryConverter = converter<CustomerQuery>(
  (id, data) => ({
    id,
    businessName: str(data.businessName),
    message: str(data.message),
    status: str(data.status) || STATUS.new,
    submittedAt: date(data.submittedAt),
  }),
  () => {
    throw new Error('Queries are written by the server.');
  },
);

/**
 * A stored document the browser cannot show, e.g. an order whose items are `[1, 'two', null]`
 * (written before the rules checked items). Lists skip it and log it (see convertedDocs).
 */
export class MalformedDocumentError extends Error {}

const orderItem = (item: unknown): OrderItem => {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) {
    throw new MalformedDocumentError(`An order item is not a record: ${JSON.stringify(item)}.`);
  }
  const { id, name, category, price } = item as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof category !== 'string' || typeof price !== 'string') {
    throw new MalformedDocumentError('An order item lacks its id, name, category or price text.');
  }
  return { id, name, category, price };
};

const orderItems = (items: unknown): OrderItem[] => {
  if (!Array.isArray(items)) throw new MalformedDocumentError('The order has no list of items.');
  return items.map(orderItem);
};

const orderConverter = converter<Order>(
  (id, data, snapshot) => ({
    id,
    ownerUid: ownerOf(snapshot),
    orderNumber: str(data.orderNumber) || id,
    userId: str(data.userId),
    items: orderItems(data.items),
    totalPaise: rupeesToPaise(num(data.total)),
    ...payableFields(data),
    taxDocumentNumber: taxDocumentNumberOf(data.taxDocument),
  }),
  ({ totalPaise, items, ...order }) => ({
    ...pick(order, ['orderNumber', 'userId', 'currency', 'status', 'createdAt']),
    items: (items as OrderItem[]).map(orderItem),
    total: paiseToRupees(totalPaise as number),
  }),
);

const cartItemConverter = converter<CartItem>(
  (id, data) => ({ id, name: str(data.name), category: str(data.category), price: str(data.price) }),
  // The whole record, stamped with the time it was added.
  (item) => ({ ...pick(item, ['id', 'name', 'category', 'price']), addedAt: serverTimestamp() }),
);

// ---- Every Firestore path is built here, already converted ----------------------------------------
export const userDoc = (uid: string) => doc(db, 'users', uid).withConverter(profileConverter);
export const cartOf = (uid: string) => collection(db, 'users', uid, 'cart').withConverter(cartItemConverter);
export const invoicesOf = (uid: string) => collection(db, 'users', uid, 'invoices').withConverter(invoiceConverter);
export const queriesOf = (uid: string) => collection(db, 'users', uid, 'queries').withConverter(queryConverter);
export const ordersOf = (uid: string) => collection(db, 'users', uid, 'orders').withConverter(orderConverter);

// A customer's lists, newest first, as the profile and the console's customer page page through them.
export const invoicesNewestFirst = (uid: string) => query(invoicesOf(uid), orderBy('createdAt', 'desc'));
export const ordersNewestFirst = (uid: string) => query(ordersOf(uid), orderBy('createdAt', 'desc'));
export const queriesNewestFirst = (uid: string) => query(queriesOf(uid), orderBy('submittedAt', 'desc'));

/** One document, live: `onData` gets it again on every change, or null when it does not exist. */
export function listenToDoc<T>(
  source: DocumentReference<T>,
  onData: (item: T | null) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return onSnapshot(source, (snapshot) => onData(snapshot.data() ?? null), onError);
}

/**
 * A query's documents, live: `onData` gets the whole list again on every change (a status the
 * server changes shows without a reload), malformed documents left out. Returns the unsubscribe.
 */
export function listenToList<T>(
  source: Query<T>,
  onData: (items: T[]) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return onSnapshot(source, (snapshot) => onData(convertedDocs(snapshot)), onError);
}

// ---- What the staff console reads (rules: staff only; written by the API) --------------------------

export interface EnquiryNote {
  text: string;
  by: string;
  at: Date | null;
}

export interface Enquiry {
  id: string;
  name: string;
  email: string;
  businessName: string;
  contactNumber: string;
  message: string;
  status: string;
  submittedAt: Date | null;
  /** 'customer' (also in users/{uid}/queries/{queryId}) or 'visitor'. */
  source: 'customer' | 'visitor';
  uid: string | null;
  queryId: string | null;
  /** Internal notes: only staff ever see them. */
  notes: EnquiryNote[];
  /** A request for a quote: its project type, budget and timeline (null for a query). */
  quoteRequest: { projectType: string; budget: string; timeline: string } | null;
  /** The words staff find it by (src/domain/search.ts). */
  searchTokens: string[];
}

export interface PaymentRecord {
  id: string;
  gatewayOrderId: string;
  uid: string;
  type: 'product_order' | 'invoice' | '';
  docId: string;
  amountPaise: number;
  refundedPaise: number;
  /** Reserved by refund requests the gateway has not confirmed yet. */
  refundPendingPaise: number;
  status: PaymentStatus;
  method: string;
  source: string;
  /** Offline payments: the transfer, UPI or cheque reference. */
  reference: string;
  mismatchReason: string;
  createdAt: Date | null;
  /** The customer's name on what was paid; '' for payments recorded before names were kept. */
  customerName: string;
  /** The legal business name its tax invoice is made out to (a registered buyer); ''. */
  customerLegalName: string;
  /** What it paid, in words: 'Proforma PI/2026-27/0007 · Website, phase 1'; ''. */
  paidFor: string;
  /** The tax invoice (or receipt) issued for it, once numbered. */
  taxDocument: { number: string; kind: string } | null;
  /** Payments staff record: the day it arrived (YYYY-MM-DD, India), TDS deducted and its section, what was still due after it. */
  receivedOn: string;
  tdsPaise: number;
  tdsSection: string;
  balanceDuePaise: number;
}

export interface MailItem {
  id: string;
  template: string;
  status: string;
  attempts: number;
  lastError: string;
  /** To whom: the name the mail greets (or its address's), its address, or the customer whose account email it goes to. */
  recipientName: string;
  recipientAddress: string;
  recipientUid: string;
  /** What it is about, as the customer knows it ('PI/2026-27/0007', 'Order ORD-…'); ''. */
  about: string;
  createdAt: Date | null;
}

export interface TaxDocumentItem {
  id: string;
  status: string;
  kind: string;
  series: string;
  number: string;
  uid: string;
  amountPaise: number;
  paymentId: string;
  createdAt: Date | null;
  /** Once issued, as printed: who it is made out to, what it is for, its date. */
  customerName: string;
  forLabel: string;
  issueDate: string;
}

export interface JobRun {
  startedAt: Date | null;
  finishedAt: Date | null;
  trigger: string;
  ok: boolean;
  report: Record<string, number> | null;
  error: string | null;
}

const noteOf = (note: unknown): EnquiryNote => {
  const fields = (typeof note === 'object' && note !== null ? note : {}) as Record<string, unknown>;
  return { text: str(fields.text), by: str(fields.by), at: date(fields.at) };
};

const enquiryConverter = converter<Enquiry>(
  (id, data) => ({
    id,
    ...texts(data, ['name', 'email', 'businessName', 'contactNumber', 'message']),
    status: str(data.status) || STATUS.new,
    submittedAt: date(data.submittedAt),
    source: data.uid ? 'customer' : 'visitor',
    uid: str(data.uid) || null,
    queryId: str(data.queryId) || null,
    notes: Array.isArray(data.notes) ? data.notes.map(noteOf) : [],
    quoteRequest:
      data.kind === 'quote request'
        ? { projectType: str(data.projectType), budget: str(data.budget), timeline: str(data.timeline) }
        : null,
    searchTokens: stringsOf(data.searchTokens),
  }),
  readOnly,
);

const paymentConverter = converter<PaymentRecord>(
  (id, data) => ({
    id,
    ...texts(data, ['gatewayOrderId', 'uid', 'docId', 'method', 'source', 'reference', 'mismatchReason']),
    ...texts(data, ['customerName', 'customerLegalName', 'paidFor', 'receivedOn', 'tdsSection']),
    ...numbers(data, ['amountPaise', 'refundedPaise', 'refundPendingPaise', 'tdsPaise', 'balanceDuePaise']),
    type: data.type === 'invoice' || data.type === 'product_order' ? data.type : '',
    status: paymentStatusOf(data),
    createdAt: date(data.createdAt),
    taxDocument: taxDocumentNumberOf(data.taxDocument)
      ? { number: taxDocumentNumberOf(data.taxDocument)!, kind: str((data.taxDocument as { kind?: unknown }).kind) }
      : null,
  }),
  readOnly,
);

const mailConverter = converter<MailItem>((id, data) => {
  const to = (typeof data.to === 'object' && data.to !== null ? data.to : {}) as Record<string, unknown>;
  const fields = (typeof data.data === 'object' && data.data !== null ? data.data : {}) as Record<string, unknown>;
  return {
    id,
    ...texts(data, ['template', 'status', 'lastError']),
    attempts: num(data.attempts),
    recipientName: str(to.name) || str(fields.customerName) || str(fields.name),
    recipientAddress: str(to.address),
    recipientUid: str(to.uid),
    about: str(fields.label) || str(fields.number) || str(fields.reference),
    createdAt: date(data.createdAt),
  };
}, readOnly);

const taxDocumentConverter = converter<TaxDocumentItem>(
  (id, data) => ({
    id,
    ...texts(data, ['status', 'kind', 'series', 'number', 'uid', 'paymentId']),
    ...printedFacts(data.snapshot, num(data.amountPaise)),
    createdAt: date(data.createdAt),
  }),
  readOnly,
);

/** What a list shows of an issued document's snapshot (its printed values); the stored amount before it is issued. */
function printedFacts(snapshot: unknown, amountPaise: number) {
  const printed = (typeof snapshot === 'object' && snapshot !== null ? snapshot : {}) as Record<string, unknown>;
  const field = (value: unknown, key: string) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  const total = field(printed.totals, 'totalPaise');
  return {
    amountPaise: typeof total === 'number' ? total : amountPaise,
    customerName: str(field(printed.recipient, 'name')),
    forLabel: str(field(printed.reference, 'label')),
    issueDate: str(printed.issueDate),
  };
}

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

/** The customers (profiles) staff list and search. */
export const customersCollection = () => collection(db, 'users').withConverter(customerConverter);
export const ordersOfEveryone = () => collectionGroup(db, 'orders').withConverter(orderConverter);
export const invoicesOfEveryone = () => collectionGroup(db, 'invoices').withConverter(invoiceConverter);
export const enquiriesCollection = () => collection(db, 'enquiries').withConverter(enquiryConverter);
export const enquiryDoc = (id: string) => doc(db, 'enquiries', id).withConverter(enquiryConverter);
export const paymentsCollection = () => collection(db, 'payments').withConverter(paymentConverter);
export const mailCollection = () => collection(db, 'mail').withConverter(mailConverter);
export const taxDocumentsCollection = () => collection(db, 'documents').withConverter(taxDocumentConverter);

/** A job's last run, kept on its lease (`leases/{name}`). */
export const leaseDoc = (name: string) =>
  doc(db, 'leases', name).withConverter(
    converter<JobRun | null>((_id, data) => {
      const run = (typeof data.lastRun === 'object' && data.lastRun !== null ? data.lastRun : null) as Record<
        string,
        unknown
      > | null;
      if (!run) return null;
      return {
        startedAt: date(run.startedAt),
        finishedAt: date(run.finishedAt),
        trigger: str(run.trigger),
        ok: run.ok !== false,
        report: (typeof run.report === 'object' && run.report !== null ? run.report : null) as Record<
          string,
          number
        > | null,
        error: str(run.error) || null,
      };
    }, readOnly),
  );

// ---- Quotes (rules: their customer reads them once sent, staff all; written by the API) -----------

export interface QuoteRecord {
  id: string;
  /** The customer (an account or a lead's record). */
  uid: string;
  number: string;
  version: number;
  /** As stored: 'Draft', 'Sent', 'Accepted', 'Declined' or 'Withdrawn' (Expired is worked out from the date). */
  status: string;
  /** YYYY-MM-DD, India time: the last day it can be accepted. */
  validUntil: string;
  customerName: string;
  customerEmail: string;
  description: string;
  lines: Array<{ description: string; sac: string; quantity: number; ratePaise: number }>;
  amountsIncludeGst: boolean;
  milestones: Array<{ label: string; percentBasisPoints: number | null; amountPaise: number }>;
  terms: string;
  /** What its milestones' invoices come to, GST included; and what has been paid of them. */
  totalPaise: number;
  paidPaise: number;
  enquiryId: string | null;
  previousId: string | null;
  revisionId: string | null;
  supersededBy: string | null;
  /** Milestone `m{index}`: invoiced or paid, with its proforma. */
  progress: Record<
    string,
    { state: 'invoiced' | 'paid'; invoiceId: string; invoiceNumber: string; amountPaise: number }
  >;
  acceptance: { name: string; at: Date | null; ip: string; version: number; via: string } | null;
  declined: { comment: string; at: Date | null } | null;
  changeRequests: Array<{ comment: string; at: Date | null }>;
  withdrawReason: string;
  createdAt: Date | null;
  sentAt: Date | null;
}

const record = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

const quoteConverter = converter<QuoteRecord>((id, data) => {
  const acceptance = record(data.acceptance);
  const declined = record(data.declined);
  return {
    id,
    ...texts(data, ['uid', 'number', 'validUntil', 'description', 'terms', 'withdrawReason']),
    ...texts(data, ['customerName', 'customerEmail']),
    ...numbers(data, ['totalPaise', 'paidPaise']),
    ...idsOrNull(data, ['enquiryId', 'previousId', 'revisionId', 'supersededBy']),
    version: num(data.version) || 1,
    status: str(data.status) || 'Draft',
    lines: Array.isArray(data.lines) ? (data.lines as QuoteRecord['lines']) : [],
    amountsIncludeGst: data.amountsIncludeGst !== false,
    milestones: Array.isArray(data.milestones) ? (data.milestones as QuoteRecord['milestones']) : [],
    progress: (record(data.progress) ?? {}) as QuoteRecord['progress'],
    acceptance: acceptance
      ? {
          name: str(acceptance.name),
          at: date(acceptance.at),
          ip: str(acceptance.ip),
          version: num(acceptance.version),
          via: str(acceptance.via),
        }
      : null,
    declined: declined ? { comment: str(declined.comment), at: date(declined.at) } : null,
    changeRequests: Array.isArray(data.changeRequests)
      ? data.changeRequests.map((request) => ({
          comment: str(record(request)?.comment),
          at: date(record(request)?.at),
        }))
      : [],
    createdAt: date(data.createdAt),
    sentAt: date(data.sentAt),
  };
}, readOnly);

export const quotesCollection = () => collection(db, 'quotes').withConverter(quoteConverter);
export const quoteDoc = (id: string) => doc(db, 'quotes', id).withConverter(quoteConverter);

// ---- Yearly maintenance: services and their renewals (written by the server only) -----------------

/** The renewal a service is billed for now (its proforma, unpaid). */
export interface OpenRenewal {
  renewalId: string;
  invoiceDocId: string;
  /** The proforma's number (PI/…). */
  number: string;
  /** What it charges, GST included. */
  amountPaise: number;
  /** YYYY-MM-DD. */
  dueOn: string;
}

/** A plan with a yearly fee the customer bought: `users/{uid}/services/{id}`. */
export interface Service {
  id: string;
  /** The customer whose service it is (from its path). */
  ownerUid: string;
  planName: string;
  category: string;
  yearlyFeePaise: number;
  /** Days in India, YYYY-MM-DD. */
  startedOn: string;
  renewsOn: string;
  /** 'Active', 'Renewal due', 'Overdue', 'Lapsed' or 'Cancelled' (src/domain/renewals.ts). */
  status: string;
  renewal: OpenRenewal | null;
  /** When a cancelled service ends (YYYY-MM-DD). */
  endsOn: string | null;
  cancelledBy: string | null;
}

/** One renewal billed for a service: `renewals/{id}`. */
export interface RenewalRecord {
  id: string;
  serviceId: string;
  /** The renewal date it bills and the next one (YYYY-MM-DD): it pays for the year between. */
  renewsOn: string;
  nextRenewsOn: string;
  number: string;
  invoiceDocId: string;
  amountPaise: number;
  /** 'Pending', 'Paid' or 'Cancelled'. */
  status: string;
  paymentId: string | null;
  paidAt: Date | null;
}

const openRenewal = (value: unknown): OpenRenewal | null => {
  if (typeof value !== 'object' || value === null) return null;
  const renewal = value as Record<string, unknown>;
  if (!renewal.invoiceDocId) return null;
  return {
    ...texts(renewal, ['renewalId', 'invoiceDocId', 'number', 'dueOn']),
    amountPaise: num(renewal.amountPaise),
  };
};

const serviceConverter = converter<Service>(
  (id, data, snapshot) => ({
    id,
    ownerUid: ownerOf(snapshot),
    ...texts(data, ['planName', 'category', 'startedOn', 'renewsOn', 'status']),
    ...idsOrNull(data, ['endsOn', 'cancelledBy']),
    yearlyFeePaise: num(data.yearlyFeePaise),
    renewal: openRenewal(data.renewal),
  }),
  readOnly,
);

const renewalConverter = converter<RenewalRecord>(
  (id, data) => ({
    id,
    ...texts(data, ['serviceId', 'renewsOn', 'nextRenewsOn', 'number', 'invoiceDocId', 'status']),
    amountPaise: num(data.amountPaise),
    paymentId: str(data.paymentId) || null,
    paidAt: date(data.paidAt),
  }),
  readOnly,
);

export const servicesOf = (uid: string) => collection(db, 'users', uid, 'services').withConverter(serviceConverter);
export const servicesOfEveryone = () => collectionGroup(db, 'services').withConverter(serviceConverter);
export const renewalsCollection = () => collection(db, 'renewals').withConverter(renewalConverter);
