import { collection, doc, onSnapshot } from 'firebase/firestore';
import { STATUS } from '@/domain/status';
import { str, date, stringsOf, texts, converter, readOnly } from '@/lib/converters';
import { db } from '@/lib/firestore';

// The inbox of enquiries staff answer (written by the API). Read by enquiries, quotes (a quote made
// from an enquiry) and the console's enquiry page.
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
  /** A booked consultation (kind 'consultation'): its call, kept in step with the booking; null otherwise. */
  consultation: { bookingId: string; startAt: Date | null; staffName: string; status: string; plan: string } | null;
}

const noteOf = (note: unknown): EnquiryNote => {
  const fields = (typeof note === 'object' && note !== null ? note : {}) as Record<string, unknown>;
  return { text: str(fields.text), by: str(fields.by), at: date(fields.at) };
};

function consultationOf(data: Record<string, unknown>): Enquiry['consultation'] {
  if (data.kind !== 'consultation' || typeof data.consultation !== 'object' || data.consultation === null) return null;
  const call = data.consultation as Record<string, unknown>;
  return {
    bookingId: str(call.bookingId),
    startAt: date(call.startAt),
    staffName: str(call.staffName),
    status: str(call.status),
    plan: str(data.plan),
  };
}

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
    consultation: consultationOf(data),
  }),
  readOnly,
);

export const enquiriesCollection = () => collection(db, 'enquiries').withConverter(enquiryConverter);
export const enquiryDoc = (id: string) => doc(db, 'enquiries', id).withConverter(enquiryConverter);

type OnError = (error: Error) => void;

export const subscribeToEnquiry = (id: string, onData: (enquiry: Enquiry | null) => void, onError: OnError) =>
  onSnapshot(enquiryDoc(id), (snapshot) => onData(snapshot.data() ?? null), onError);
