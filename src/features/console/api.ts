import { getCountFromServer, getDoc, onSnapshot, type Query } from 'firebase/firestore';
import { DEFAULT_HOLIDAYS, type Holiday } from '@/domain/business-hours';
import { businessCalendarDoc, leaseDoc, type JobRun } from './data';
import { loadAuth } from '@/lib/session';

/** Whether the signed-in user carries the `staff` claim (the token is refreshed once, so a fresh grant counts). */
export async function hasStaffClaim(): Promise<boolean> {
  const { auth } = await loadAuth();
  await auth.authStateReady();
  const user = auth.currentUser;
  if (!user) return false;
  const token = await user.getIdTokenResult();
  if (token.claims.staff === true) return true;
  return (await user.getIdTokenResult(true)).claims.staff === true;
}

/** A figure of the console's home: how many (or how much), read with an aggregate query. */
export const countOf = async (source: Query<unknown>) => (await getCountFromServer(source)).data().count;

type OnError = (error: Error) => void;

export const subscribeToJobRun = (name: string, onData: (run: JobRun | null) => void, onError: OnError) =>
  onSnapshot(leaseDoc(name), (snapshot) => onData(snapshot.data() ?? null), onError);

/** The holidays every clock counts with: the company's own list, else the default one (as the API reads them). */
export async function getCompanyHolidays(): Promise<Holiday[]> {
  return (await getDoc(businessCalendarDoc())).data() ?? DEFAULT_HOLIDAYS;
}
