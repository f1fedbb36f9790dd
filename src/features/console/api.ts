import { getCountFromServer, getDoc, type Query } from 'firebase/firestore';
import { DEFAULT_HOLIDAYS, type Holiday } from '@/domain/business-hours';
import { businessCalendarDoc } from './data';
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

/** The holidays every clock counts with: the company's own list, else the default one (as the API reads them). */
export async function getCompanyHolidays(): Promise<Holiday[]> {
  return (await getDoc(businessCalendarDoc())).data() ?? DEFAULT_HOLIDAYS;
}
