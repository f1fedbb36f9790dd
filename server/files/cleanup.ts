import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { isWriteConflict } from '../errors';
import { FILES } from './file-store';

/** An upload nobody attached to a request or a project within this long is deleted. */
export const UNATTACHED_UPLOAD_MAX_AGE_MS = 24 * 3_600_000;
/** Heads read per page, and pages per pass: a pass's work is bounded; the next pass goes on. */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

export interface UploadsCleanupReport {
  deleted: number;
  /** Attached (or written) between the query and the delete: kept. */
  skipped: number;
}

/**
 * Deletes uploads never attached (`attachedTo` null) whose upload started more than a day before
 * `now`, with their chunks: files uploaded and then abandoned (a form never sent, a reply by mail
 * whose request was never matched), and uploads that failed half way (their head says
 * `complete: false`). Each head is first marked incomplete on the condition that nobody wrote it
 * since the query (so one attached meanwhile is kept, and no reader sees a file being deleted),
 * then deleted with its chunks; a delete cut short leaves that incomplete head for the next pass.
 */
export async function deleteUnattachedUploads(
  db: Firestore,
  { now = Date.now, maxAgeMs = UNATTACHED_UPLOAD_MAX_AGE_MS }: { now?: () => number; maxAgeMs?: number } = {},
): Promise<UploadsCleanupReport> {
  const report: UploadsCleanupReport = { deleted: 0, skipped: 0 };
  const cutoff = Timestamp.fromMillis(now() - maxAgeMs);
  let query = db
    .collection(FILES)
    .where('attachedTo', '==', null)
    .where('createdAt', '<', cutoff)
    .orderBy('createdAt')
    // The field the next page starts after; never the bytes.
    .select('createdAt')
    .limit(PAGE_SIZE);
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const snapshot = await query.get();
    for (const head of snapshot.docs) {
      try {
        await head.ref.update({ complete: false }, { lastUpdateTime: head.updateTime });
      } catch (error) {
        if (!isWriteConflict(error)) throw error;
        report.skipped += 1;
        continue;
      }
      await db.recursiveDelete(head.ref);
      report.deleted += 1;
    }
    if (snapshot.size < PAGE_SIZE) break;
    query = query.startAfter(snapshot.docs[snapshot.docs.length - 1]!);
  }
  return report;
}
