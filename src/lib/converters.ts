import {
  Timestamp,
  type DocumentData,
  type FirestoreDataConverter,
  type PartialWithFieldValue,
  type QueryDocumentSnapshot,
  type SnapshotOptions,
} from 'firebase/firestore';

// Converter helpers: read a stored field defensively, map a document each way. Each feature's
// data.ts builds its collection's converter from these.

/** The number of the tax document the server issued for a paid payable (`taxDocument.number`). */
export const taxDocumentNumberOf = (value: unknown) => {
  const number = (
    typeof value === 'object' && value !== null ? (value as { number?: unknown }).number : undefined
  ) as unknown;
  return typeof number === 'string' && number ? number : undefined;
};

export const str = (value: unknown) => (typeof value === 'string' ? value : '');
export const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
export const date = (value: unknown) => (value instanceof Timestamp ? value.toDate() : null);
export const stringsOf = (value: unknown) =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
/** The named fields, each read with `read`: `texts(data, ['name', 'email'])` is `{ name: str(data.name), ... }`. */
export const fieldsOf =
  <V>(read: (value: unknown) => V) =>
  <K extends string>(fields: Record<string, unknown>, keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, read(fields[key])])) as Record<K, V>;
export const texts = fieldsOf(str);
export const numbers = fieldsOf(num);
/** Optional links to other documents: null when not set. */
export const idsOrNull = fieldsOf((value) => str(value) || null);
/** A server-only amount already in paise (gatewayOrderAmount); undefined when not set. */
export const paise = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : undefined);

/** A write still on its way has no server time yet; its estimate keeps it in place meanwhile. */
export const read = (snapshot: QueryDocumentSnapshot, options?: SnapshotOptions) =>
  snapshot.data({ ...options, serverTimestamps: 'estimate' });

/** A converter from a mapping each way; writes pass through `toStored` (merges included). */
export function converter<T>(
  fromStored: (id: string, data: DocumentData, snapshot: QueryDocumentSnapshot) => T,
  toStored: (model: Record<string, unknown>) => DocumentData,
): FirestoreDataConverter<T> {
  return {
    toFirestore: (model: PartialWithFieldValue<T>) => toStored(model as Record<string, unknown>),
    fromFirestore: (snapshot, options) => fromStored(snapshot.id, read(snapshot, options), snapshot),
  };
}

export const readOnly = () => {
  throw new Error('Written by the server only.');
};

/** The uid in users/{uid}/... of a document (collection-group reads span every user). */
export const ownerOf = (snapshot: QueryDocumentSnapshot) => snapshot.ref.parent.parent?.id ?? '';

export const lines = (value: unknown) =>
  Array.isArray(value)
    ? value.map((line: { description?: unknown; amountPaise?: unknown }) => ({
        description: str(line?.description),
        amountPaise: num(line?.amountPaise),
      }))
    : undefined;

/** Copies the fields a client may write, leaving out the ones not given (Firestore refuses undefined). */
export const pick = (model: Record<string, unknown>, keys: readonly string[]): DocumentData =>
  Object.fromEntries(keys.filter((key) => model[key] !== undefined).map((key) => [key, model[key]]));

/**
 * A stored document the browser cannot show, e.g. an order whose items are `[1, 'two', null]`
 * (written before the rules checked items). Lists skip it and log it (see convertedDocs).
 */
export class MalformedDocumentError extends Error {}
