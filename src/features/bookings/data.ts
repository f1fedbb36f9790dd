import { collection, orderBy, query, Timestamp, where } from 'firebase/firestore';
import type { Booker } from '@/domain/bookings';
import { converter, date, readOnly, str } from '@/lib/converters';
import { db } from '@/lib/firestore';

/** A booked consultation as the console reads it (`bookings/{id}`, written by the API). */
export interface BookingRecord extends Booker {
  id: string;
  enquiryId: string;
  staffId: string;
  staffName: string;
  startAt: Date | null;
  endAt: Date | null;
  status: string;
  timeZone: string;
  sequence: number;
}

/** Time a staff member blocked (`bookingBlocks/{id}`). */
export interface BlockRecord {
  id: string;
  staffId: string;
  startAt: Date | null;
  endAt: Date | null;
  reason: string;
}

const bookingConverter = converter<BookingRecord>(
  (id, data) => ({
    id,
    enquiryId: str(data.enquiryId),
    staffId: str(data.staffId),
    staffName: str(data.staffName),
    startAt: date(data.startAt),
    endAt: date(data.endAt),
    status: str(data.status),
    name: str(data.name),
    email: str(data.email),
    phone: str(data.phone),
    company: str(data.company),
    topic: str(data.topic),
    plan: str(data.plan),
    timeZone: str(data.timeZone),
    sequence: typeof data.sequence === 'number' ? data.sequence : 0,
  }),
  readOnly,
);

const blockConverter = converter<BlockRecord>(
  (id, data) => ({
    id,
    staffId: str(data.staffId),
    startAt: date(data.startAt),
    endAt: date(data.endAt),
    reason: str(data.reason),
  }),
  readOnly,
);

/** Calls starting in [fromMs, toMs), earliest first. */
export const bookingsBetween = (fromMs: number, toMs: number) =>
  query(
    collection(db, 'bookings').withConverter(bookingConverter),
    where('startAt', '>=', Timestamp.fromMillis(fromMs)),
    where('startAt', '<', Timestamp.fromMillis(toMs)),
    orderBy('startAt'),
  );

/** Blocks starting before `toMs` and at most 32 days before `fromMs` (a block is at most 31 days). */
export const blocksAround = (fromMs: number, toMs: number) =>
  query(
    collection(db, 'bookingBlocks').withConverter(blockConverter),
    where('startAt', '>=', Timestamp.fromMillis(fromMs - 32 * 86_400_000)),
    where('startAt', '<', Timestamp.fromMillis(toMs)),
    orderBy('startAt'),
  );
