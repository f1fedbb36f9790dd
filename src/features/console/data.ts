import { doc } from 'firebase/firestore';
import type { Holiday } from '@/domain/business-hours';
import { str, converter, readOnly } from '@/lib/converters';
import { db } from '@/lib/firestore';

/**
 * The company's holidays, as staff keep them in Support > Holidays (`settings/businessCalendar`,
 * written by the API); null until they save a list of their own (the default list applies).
 */
export const businessCalendarDoc = () =>
  doc(db, 'settings', 'businessCalendar').withConverter(
    converter<Holiday[] | null>(
      (_id, data) =>
        Array.isArray(data.holidays)
          ? (data.holidays as unknown[]).flatMap((entry) => {
              const holiday = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
              const day = str(holiday.date);
              return /^\d{4}-\d{2}-\d{2}$/.test(day) ? [{ date: day, name: str(holiday.name) }] : [];
            })
          : null,
      readOnly,
    ),
  );
