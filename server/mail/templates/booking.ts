import { COMPANY } from '../../../src/domain/company';
import { CHANGE_CUTOFF_HOURS, type Booker, type MeetingPlace } from '../../../src/domain/bookings';
import { button, factsTable, factsText, html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export type BookingMailKind = 'confirmed' | 'rescheduled' | 'cancelled' | 'reminder';

export interface BookingMailData extends Booker {
  kind: BookingMailKind;
  /** The visitor who booked, or the staff member who takes the call. */
  audience: 'visitor' | 'staff';
  bookingId: string;
  staffName: string;
  /** 'Mon 29 Mar 2027, 10:00 am IST'. */
  whenIst: string;
  /** The same instant in the visitor's zone ('Mon 29 Mar 2027, 5:30 am BST'), or null when that is IST. */
  whenLocal: string | null;
  meetingMinutes: number;
  place: MeetingPlace;
  /** Before a reminder: '24 hours' or '1 hour'. */
  reminderLead?: string | null;
  /** The visitor's reschedule/cancel page, made when the mail is sent (a bearer token: never stored). */
  manage: { bookingId: string; expiresAtMs: number } | null;
  /** The invitation attached (.ics), stored as sent. */
  calendar: { method: 'REQUEST' | 'CANCEL'; ics: string } | null;
}

const SUBJECTS: Record<BookingMailKind, (data: BookingMailData) => string> = {
  confirmed: (data) =>
    data.audience === 'visitor'
      ? `Your call with ${COMPANY.name} is booked: ${data.whenLocal ?? data.whenIst}`
      : `New consultation booked: ${oneLine(data.name, 100)}, ${data.whenIst}`,
  rescheduled: (data) =>
    data.audience === 'visitor'
      ? `Your call with ${COMPANY.name} has moved: ${data.whenLocal ?? data.whenIst}`
      : `Consultation moved: ${oneLine(data.name, 100)}, now ${data.whenIst}`,
  cancelled: (data) =>
    data.audience === 'visitor'
      ? `Your call with ${COMPANY.name} is cancelled`
      : `Consultation cancelled: ${oneLine(data.name, 100)}, ${data.whenIst}`,
  reminder: (data) => `Reminder: your call with ${COMPANY.name} in ${data.reminderLead ?? 'a while'}`,
};

/** The name of the attached .ics: an invitation, or a cancellation. */
export const calendarFileName = (method: 'REQUEST' | 'CANCEL') => (method === 'CANCEL' ? 'cancel.ics' : 'invite.ics');

const placeText = (place: BookingMailData['place']) =>
  place.kind === 'video' ? `Video call: ${place.value}` : `Phone: ${place.value}`;

/** A consultation's mail: confirmed, moved, cancelled or a reminder, to the visitor or the staff member. */
export function bookingMail(data: BookingMailData, { manageUrl }: { manageUrl?: string }): RenderedMail {
  const name = oneLine(data.name, 100);
  const isVisitor = data.audience === 'visitor';
  const facts: Array<[string, string]> = [
    ['When', data.whenLocal ? `${data.whenLocal} (${data.whenIst})` : data.whenIst],
    ['Length', `${data.meetingMinutes} minutes`],
    ['Where', placeText(data.place)],
    ['With', isVisitor ? `${oneLine(data.staffName, 100)}, ${COMPANY.name}` : `${name} <${data.email}>`],
    ...(isVisitor
      ? []
      : ([
          ['Phone', oneLine(data.phone, 30)],
          ['Company', oneLine(data.company, 150) || '—'],
          ['Plan of interest', oneLine(data.plan, 100) || '—'],
          ['Topic', oneLine(data.topic, 500)],
        ] as Array<[string, string]>)),
  ];
  const intro: Record<BookingMailKind, string> = {
    confirmed: isVisitor
      ? `Thank you for booking a call with ${COMPANY.name}. The invitation is attached: open it to add the call to your calendar.`
      : `${name} booked a consultation. The invitation is attached.`,
    rescheduled: isVisitor
      ? 'Your call has moved to the time below. The attached invitation updates the one in your calendar.'
      : `${name} moved their consultation to the time below. The attached invitation updates your calendar.`,
    cancelled: isVisitor
      ? 'Your call has been cancelled. The attached cancellation removes it from your calendar. You are welcome to book another time on our website.'
      : `${name} cancelled their consultation. The attached cancellation removes it from your calendar.`,
    reminder: `A reminder: your call with ${COMPANY.name} starts in ${data.reminderLead ?? 'a while'}.`,
  };
  const changeNote = `You can reschedule or cancel up to ${CHANGE_CUTOFF_HOURS} hours before the start; after that, please call us on ${COMPANY.phone}.`;
  const showManage = isVisitor && data.kind !== 'cancelled' && manageUrl;
  const attached = !data.calendar
    ? ''
    : data.calendar.method === 'CANCEL'
      ? `The cancellation (${calendarFileName('CANCEL')}) is attached.`
      : `The invitation (${calendarFileName('REQUEST')}) is attached.`;
  return layout({
    subject: SUBJECTS[data.kind](data),
    heading: isVisitor ? `Hello ${name},` : 'Consultation',
    body: html`${paragraph(intro[data.kind])}${factsTable(facts)}${
      showManage ? html`${button('Reschedule or cancel', manageUrl!)}${paragraph(changeNote)}` : ''
    }${paragraph(html`Warm regards,<br />${COMPANY.name}`)}`,
    text: [
      intro[data.kind],
      factsText(facts),
      ...(showManage ? [`Reschedule or cancel: ${manageUrl}`, changeNote] : []),
      ...(attached ? [attached] : []),
      `Warm regards,\n${COMPANY.name}`,
    ].join('\n\n'),
  });
}
