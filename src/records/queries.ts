import { collection, orderBy, query } from 'firebase/firestore';
import { STATUS } from '@/domain/status';
import { str, date, converter } from '@/lib/converters';
import { db } from '@/lib/firestore';

// A customer's queries (users/{uid}/queries, written by the API with their enquiry). Read by the
// profile and the console's customer page.
export interface CustomerQuery {
  id: string;
  businessName: string;
  message: string;
  status: string;
  submittedAt: Date | null;
}

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

export const queriesOf = (uid: string) => collection(db, 'users', uid, 'queries').withConverter(queryConverter);
export const queriesNewestFirst = (uid: string) => query(queriesOf(uid), orderBy('submittedAt', 'desc'));
