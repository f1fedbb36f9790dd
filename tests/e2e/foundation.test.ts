import { describe, expect, it } from 'vitest';
import { loadFirebaseHooks, sharedBrowser } from '../helpers/browser';
import type { FirebaseHooks } from '../helpers/e2e';
import { admin } from '../helpers/emulators';

const browser = sharedBrowser();

describe('local stack', () => {
  it('when a user signs up from the page, then they can write and read their own profile but not another one', async () => {
    await browser.withPage(async ({ page }) => {
      await page.goto('/');
      await loadFirebaseHooks(page);
      const email = `foundation-${Date.now()}@example.com`;

      const result = await page.evaluate(async (address) => {
        const hooks = (window as unknown as { __fb: FirebaseHooks }).__fb;
        const [authSdk, fs, db] = await Promise.all([hooks.authSdk(), hooks.firestoreSdk(), hooks.db()]);
        const { user } = await authSdk.createUserWithEmailAndPassword(hooks.auth, address, 'password-123');
        const ref = fs.doc(db, 'users', user.uid);
        await fs.setDoc(ref, {
          uid: user.uid,
          name: 'E2E User',
          email: address,
          phone: '9000000000',
          address: '1 Test Street',
          city: 'Pune',
          state: 'Maharashtra',
          country: 'India',
          isAnonymous: false,
          createdAt: fs.serverTimestamp(),
        });
        const snapshot = await fs.getDoc(ref);
        let otherDenied = false;
        try {
          await fs.getDoc(fs.doc(db, 'users', 'someone-else'));
        } catch (error) {
          otherDenied = (error as { code?: string }).code === 'permission-denied';
        }
        return { uid: user.uid, name: snapshot.data()?.name as string, otherDenied };
      }, email);

      expect(result.name).toBe('E2E User');
      expect(result.otherDenied).toBe(true);
      const stored = await admin().db.doc(`users/${result.uid}`).get();
      expect(stored.get('email')).toBe(email);
      const authUser = await admin().auth.getUser(result.uid);
      expect(authUser.email).toBe(email);
    });
  });
});
