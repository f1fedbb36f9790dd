import type { Auth } from 'firebase-admin/auth';

/**
 * Grants or revokes the `staff` custom claim (other claims are kept). Revoking also revokes the
 * user's refresh tokens, so an open console session stops at its next API call (the staff routes
 * check revocation) and within the hour for Firestore reads.
 */
export async function setStaffClaim(auth: Auth, email: string, isStaff: boolean): Promise<{ uid: string }> {
  const user = await auth.getUserByEmail(email);
  const claims = { ...(user.customClaims ?? {}) };
  if (isStaff) claims.staff = true;
  else delete claims.staff;
  await auth.setCustomUserClaims(user.uid, claims);
  if (!isStaff) await auth.revokeRefreshTokens(user.uid);
  return { uid: user.uid };
}
