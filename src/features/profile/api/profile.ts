import { getDoc, setDoc } from 'firebase/firestore';
import { profileDetailsSchema, type ProfileDetails } from '@/domain/profile-schemas';
import { userDoc, type Profile } from '@/lib/firestore';

/** Reads the profile document; null when there is none. */
export async function getProfile(uid: string): Promise<Profile | null> {
  return (await getDoc(userDoc(uid))).data() ?? null;
}

/** The 'Edit Details' save: a merge of the editable fields only. */
export async function updateProfileDetails(uid: string, details: ProfileDetails): Promise<void> {
  const { name, phone, address, country, state, city, pinCode, gstin, legalName } = profileDetailsSchema.parse(details);
  await setDoc(
    userDoc(uid),
    { name, phone, address, country, state, city, pinCode, gstin, legalName },
    { merge: true },
  );
}
