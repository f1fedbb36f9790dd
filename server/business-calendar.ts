import type { Firestore } from 'firebase-admin/firestore';
import { businessCalendar, DEFAULT_HOLIDAYS, type BusinessCalendar, type Holiday } from '../src/domain/business-hours';

/** Where staff keep the company's holidays (the console's holiday editor). */
export const CALENDAR_DOC = 'settings/businessCalendar';

/**
 * The company's calendar: the holidays staff keep, else the default list. Every clock that counts
 * business time reads it: support's SLAs, booking days and projects' sign-off deadlines.
 */
export async function loadCalendar(db: Firestore): Promise<{ calendar: BusinessCalendar; holidays: Holiday[] }> {
  const snapshot = await db.doc(CALENDAR_DOC).get();
  const stored = snapshot.get('holidays') as Holiday[] | undefined;
  const holidays = Array.isArray(stored) ? stored : DEFAULT_HOLIDAYS;
  return { calendar: businessCalendar(holidays), holidays };
}
