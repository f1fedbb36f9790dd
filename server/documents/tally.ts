import type { Firestore } from 'firebase-admin/firestore';
import type { TallySettings } from '../../src/domain/tally';
import { accountantPack } from './accountant-pack';

/**
 * A month's Tally files on their own (`npm run tally -- 2026-11`): the accountant's pack's own
 * tally-masters.xml and tally-vouchers.xml, byte for byte, named with the month so several months
 * can sit in one folder.
 */
export async function tallyMonthFiles(
  db: Firestore,
  month: string,
  options: { sellerRegistered: boolean; tally: TallySettings },
): Promise<Record<string, string>> {
  const { files } = await accountantPack(db, month, options);
  return {
    [`tally-masters-${month}.xml`]: files['tally-masters.xml']!,
    [`tally-vouchers-${month}.xml`]: files['tally-vouchers.xml']!,
  };
}
