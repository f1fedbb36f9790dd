import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { BOOKING_STATUS, REMINDERS, dueReminders } from '../../src/domain/bookings';
import { addMail, mailQueued } from '../mail/outbox';
import { forEachPage } from '../paging';
import { mailFacts } from './bookings';
import { BOOKINGS, readBooking, type BookingsContext } from './store';
import { nowOf } from '../clock';

export interface BookingsJobReport {
  checked: number;
  reminded: number;
}

const LONGEST_LEAD_MS = Math.max(...REMINDERS.map((reminder) => reminder.leadMs));

/**
 * One pass of the `bookings` job: each booked call starting within 24 hours gets the reminder now
 * due (24 h, then 1 h before), once: the reminder's mail (its id names the booking, its SEQUENCE
 * and the reminder) and its mark on the booking are one transaction, so overlapping passes on
 * several instances send it once.
 */
export async function bookingsPass(ctx: BookingsContext): Promise<BookingsJobReport> {
  const { db } = ctx;
  const nowMs = nowOf(ctx);
  const report: BookingsJobReport = { checked: 0, reminded: 0 };
  const soon = db
    .collection(BOOKINGS)
    .where('startAt', '>', Timestamp.fromMillis(nowMs))
    .where('startAt', '<=', Timestamp.fromMillis(nowMs + LONGEST_LEAD_MS))
    .orderBy('startAt');
  await forEachPage(
    soon,
    async (docs) => {
      for (const doc of docs) {
        if (doc.get('status') !== BOOKING_STATUS.booked) continue;
        report.checked += 1;
        const sent = await db.runTransaction(async (tx) => {
          const fresh = await tx.get(doc.ref);
          if (!fresh.exists) return false;
          const booking = readBooking(doc.id, fresh.data()!);
          if (booking.status !== BOOKING_STATUS.booked) return false;
          const due = dueReminders(booking.startMs, nowMs, booking.reminders, booking.remindersSent);
          if (due.mark.length === 0) return false;
          tx.update(doc.ref, { remindersSent: FieldValue.arrayUnion(...due.mark) });
          if (!due.send) return false;
          const lead = REMINDERS.find((reminder) => reminder.key === due.send)!;
          addMail(tx, db, `booking:${booking.id}:${booking.sequence}:reminder-${lead.key}`, {
            template: 'booking',
            data: {
              ...mailFacts(booking, 'visitor'),
              kind: 'reminder',
              reminderLead: lead.label,
              manage: { bookingId: booking.id, expiresAtMs: booking.startMs },
              calendar: null,
            },
            to: { address: booking.email, name: booking.name },
            replyTo: null,
            attachmentDocumentId: null,
          });
          return true;
        });
        if (sent) report.reminded += 1;
      }
    },
    { pageSize: 100, maxPages: 50 },
  );
  if (report.reminded > 0) mailQueued();
  return report;
}
