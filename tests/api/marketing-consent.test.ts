import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_WORDING } from '@/domain/consent';
import {
  CONSENT_NEEDS_EMAIL,
  CONSENT_WORDING_CHANGED,
  NO_MARKETING_CONSENT,
  queueNewsMail,
  unsubscribeToken,
} from '../../server/account/consent';
import { loadConfig } from '../../server/config';
import { drainOutbox, NO_CONSENT_ERROR } from '../../server/mail/drain';
import { UNSUBSCRIBED_MESSAGE } from '../../server/routes/unsubscribe';
import { testApp } from '../helpers/api-app';
import { admin, createUserWithToken, stack } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, rawHeader } from '../helpers/mail-catcher';
import { seedProfile } from './documents-fixtures';

const { transport } = caughtMailPerTest();
const unique = () => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
const NEWS = { subject: 'New: clinic booking apps', paragraphs: ['We now build clinic booking apps.'] };

async function customer(profile: Record<string, unknown> = {}) {
  const email = `news-${unique()}@example.com`;
  const user = await createUserWithToken(email);
  await seedProfile(user.uid, { email, ...profile });
  return { ...user, email };
}

const consentOf = async (uid: string) => (await admin().db.doc(`users/${uid}`).get()).get('marketingConsent');
const audits = async (action: string) =>
  (await admin().db.collection('auditLog').where('action', '==', action).get()).docs.map((doc) => doc.data());

describe('consent to news and offers', () => {
  it('when a customer opts in on the profile, then the API records it with its own time, the wording and an audit entry', async () => {
    const { app } = testApp();
    const user = await customer();
    const before = Date.now();

    const response = await request(app)
      .post('/api/account/marketing-consent')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ granted: true, wording: MARKETING_CONSENT_WORDING });

    expect([response.status, response.body]).toEqual([200, { granted: true, changed: true }]);
    const consent = await consentOf(user.uid);
    expect(consent).toMatchObject({ granted: true, wording: MARKETING_CONSENT_WORDING, source: 'profile' });
    expect(consent.at.toMillis()).toBeGreaterThanOrEqual(before - 2000);
    const [audit] = await audits('consent.marketing.grant');
    expect(audit).toMatchObject({
      actorUid: user.uid,
      actorEmail: null,
      target: `users/${user.uid}`,
      before: null,
      after: { granted: true, wording: MARKETING_CONSENT_WORDING, source: 'profile' },
    });
  });

  it('when the wording sent is not the one the site shows now, or the account has no email, then nothing is recorded', async () => {
    const { app } = testApp();
    const user = await customer();
    const guest = await customer({ email: '', isAnonymous: true });

    const stale = await request(app)
      .post('/api/account/marketing-consent')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ granted: true, wording: 'Send me anything you like.' });
    const noEmail = await request(app)
      .post('/api/account/marketing-consent')
      .set('Authorization', `Bearer ${guest.idToken}`)
      .send({ granted: true, wording: MARKETING_CONSENT_WORDING });
    const signedOut = await request(app)
      .post('/api/account/marketing-consent')
      .send({ granted: true, wording: MARKETING_CONSENT_WORDING });

    expect([stale.status, stale.body]).toEqual([409, { message: CONSENT_WORDING_CHANGED }]);
    expect([noEmail.status, noEmail.body]).toEqual([400, { message: CONSENT_NEEDS_EMAIL }]);
    expect(signedOut.status).toBe(401);
    expect(await consentOf(user.uid)).toBeUndefined();
    expect(await consentOf(guest.uid)).toBeUndefined();
  });

  it('when news goes to a customer who opted in, then it carries List-Unsubscribe (mailto and one-click https), and the one-click POST withdraws consent', async () => {
    const { app } = testApp();
    const user = await customer();
    await request(app)
      .post('/api/account/marketing-consent')
      .set('Authorization', `Bearer ${user.idToken}`)
      .send({ granted: true, wording: MARKETING_CONSENT_WORDING });
    expect(await queueNewsMail(admin().db, user.uid, { campaign: 'clinic-apps', ...NEWS })).toBe('queued');

    const report = await drainOutbox(admin().db, transport(), drainOptions());

    expect(report).toMatchObject({ sent: 1, failed: 0, cancelled: 0 });
    const [mail] = await mailsTo(user.email);
    expect(mail!.subject).toBe(NEWS.subject);
    const config = loadConfig({ FIREBASE_PROJECT_ID: stack.projectId });
    const url = `${config.siteUrl}/api/mail/unsubscribe?token=${unsubscribeToken(config.unsubscribeSecret, user.uid)}`;
    expect(await rawHeader(mail!.id, 'List-Unsubscribe')).toBe(
      `<mailto:${config.COMPANY_EMAIL}?subject=unsubscribe>, <${url}>`,
    );
    expect(await rawHeader(mail!.id, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(url);

    // What a mail client does on "Unsubscribe" (RFC 8058): a POST with no cookies, no sign-in.
    const path = new URL(url).pathname + new URL(url).search;
    const oneClick = await request(app).post(path).type('form').send('List-Unsubscribe=One-Click');

    expect([oneClick.status, oneClick.body]).toEqual([200, { message: UNSUBSCRIBED_MESSAGE }]);
    expect(await consentOf(user.uid)).toMatchObject({ granted: false, source: 'unsubscribe-link' });
    const [withdrawal] = await audits('consent.marketing.withdraw');
    expect(withdrawal).toMatchObject({ actorUid: user.uid, before: { granted: true }, after: { granted: false } });
    // Again: nothing more happens.
    expect((await request(app).post(path)).status).toBe(200);
    expect(await audits('consent.marketing.withdraw')).toHaveLength(1);
    // No more news can be queued.
    await expect(queueNewsMail(admin().db, user.uid, { campaign: 'later', ...NEWS })).rejects.toThrow(
      NO_MARKETING_CONSENT,
    );
  });

  it('when consent is withdrawn after a news mail was queued, then the mail is cancelled, not sent', async () => {
    const { app } = testApp();
    const user = await customer();
    const consent = (granted: boolean) =>
      request(app)
        .post('/api/account/marketing-consent')
        .set('Authorization', `Bearer ${user.idToken}`)
        .send({ granted, wording: MARKETING_CONSENT_WORDING });
    await consent(true);
    await queueNewsMail(admin().db, user.uid, { campaign: 'withdrawn', ...NEWS });
    expect((await consent(false)).body).toEqual({ granted: false, changed: true });

    const report = await drainOutbox(admin().db, transport(), drainOptions());

    expect(report).toMatchObject({ sent: 0, cancelled: 1 });
    expect(await mailsTo(user.email)).toHaveLength(0);
    const stored = (await admin().db.doc(`mail/news:withdrawn:${user.uid}`).get()).data()!;
    expect(stored).toMatchObject({ status: 'cancelled', lastError: NO_CONSENT_ERROR });
  });

  it('when a person opens the unsubscribe link, then they get a page with the button and nothing changes yet; a forged token is refused', async () => {
    const { app, deps } = testApp();
    const user = await customer({ marketingConsent: { granted: true, wording: MARKETING_CONSENT_WORDING } });
    const token = unsubscribeToken(deps.config.unsubscribeSecret, user.uid);

    const opened = await request(app).get(`/api/mail/unsubscribe?token=${token}`).set('Accept', 'text/html');
    const forged = await request(app)
      .post(`/api/mail/unsubscribe?token=${unsubscribeToken('not-our-secret-at-all-not-ours', user.uid)}`)
      .set('Accept', 'application/json');

    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toMatch(/^text\/html/);
    expect(opened.text).toContain(`<form method="post" action="/api/mail/unsubscribe?token=${token}">`);
    expect(forged.status).toBe(404);
    expect(await consentOf(user.uid)).toMatchObject({ granted: true });
  });
});
