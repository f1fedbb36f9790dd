import { getDoc, setDoc } from 'firebase/firestore';
import { profileDetailsSchema, type ProfileDetails } from '@/domain/profile-schemas';
import { customerSearchTokens } from '@/domain/search';
import { userDoc, type Profile } from '@/records/users';

/** Reads the profile document; null when there is none. */
export async function getProfile(uid: string): Promise<Profile | null> {
  return (await getDoc(userDoc(uid))).data() ?? null;
}

/**
 * The 'Edit Details' save: a merge of the editable fields only, with the words staff find the
 * customer by, made from the whole profile as it becomes.
 */
export async function updateProfileDetails(uid: string, details: ProfileDetails): Promise<void> {
  const { name, phone, address, country, state, city, pinCode, gstin, legalName } = profileDetailsSchema.parse(details);
  const changes = { name, phone, address, country, state, city, pinCode, gstin, legalName };
  const current = await getProfile(uid);
  await setDoc(
    userDoc(uid),
    { ...changes, searchTokens: customerSearchTokens({ ...current, ...changes }) },
    { merge: true },
  );
}
