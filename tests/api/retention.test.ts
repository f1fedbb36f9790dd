import pino from 'pino';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { JobRunner, RETENTION_JOB, retentionJob } from '../../server/jobs';
import { testApp, testJobs } from '../helpers/api-app';
import { admin, clearFirestore } from '../helpers/emulators';

const DAY = 86_400_000;
const at = (ms: number) => Timestamp.fromMillis(ms);

beforeEach(() => clearFirestore());

describe('the retention job', () => {
  it("when a deleted account's kept records reach their retainUntil, then they and the tombstone go, and nothing else", async () => {
    const { db } = admin();
    const now = Date.now();
    const marked = (retainUntil: number) => ({
      uid: 'gone',
      deletedAccount: true,
      deletedAt: at(now - 3000 * DAY),
      retainUntil: at(retainUntil),
    });
    await Promise.all([
      db.doc('documents/pay_Old').set({ ...marked(now - DAY), number: 'NB/2019-20/0001' }),
      db.doc('payments/pay_Old').set(marked(now - DAY)),
      db.doc('refunds/rfnd_Old').set(marked(now - 1)),
      db.doc('deletedAccounts/gone').set({ uid: 'gone', deletedAt: at(now - 3000 * DAY), retainUntil: at(now - DAY) }),
      // Still within its period.
      db.doc('documents/pay_New').set({ ...marked(now + 365 * DAY), uid: 'recent' }),
      db.doc('deletedAccounts/recent').set({ uid: 'recent', deletedAt: at(now), retainUntil: at(now + 365 * DAY) }),
      // Never deleted here: a live account's record, even with a date past (not marked deleted).
      db.doc('payments/pay_Live').set({ uid: 'live', retainUntil: at(now - DAY) }),
      db.doc('documents/pay_Live').set({ uid: 'live', number: 'NB/2019-20/0002' }),
    ]);

    const runner = new JobRunner(db, pino({ level: 'silent' })).register(retentionJob(db, 24));
    const outcome = await runner.run(RETENTION_JOB);

    expect(outcome).toMatchObject({
      outcome: 'ran',
      ok: true,
      report: { deleted: { documents: 1, payments: 1, refunds: 1, deletedAccounts: 1 } },
    });
    const left = async (collection: string) => (await db.collection(collection).get()).docs.map((doc) => doc.id).sort();
    expect(await left('documents')).toEqual(['pay_Live', 'pay_New']);
    expect(await left('payments')).toEqual(['pay_Live']);
    expect(await left('refunds')).toEqual([]);
    expect(await left('deletedAccounts')).toEqual(['recent']);
    // Once per interval across instances: a second pass in the same interval is not due.
    expect((await runner.run(RETENTION_JOB)).outcome).toBe('not-due');
  });

  it('when the API starts its jobs, then retention is one of them, once per interval across instances', () => {
    const runner = testJobs(testApp().deps);
    expect(runner.names).toContain(RETENTION_JOB);
    expect(retentionJob(admin().db, 6)).toMatchObject({ scope: 'once', everyMs: 6 * 3_600_000 });
  });
});
