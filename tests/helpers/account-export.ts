import { strFromU8, unzipSync } from 'fflate';

/** One document in the customer's data export (server/account/export-data.ts). */
export interface Exported {
  id: string;
  path: string;
  fields: Record<string, unknown>;
}

/** The export's data.json. */
export interface ExportData {
  account: { uid: string; email: string };
  profile: Record<string, unknown> | null;
  collections: Record<string, Exported[]>;
  enquiries: Exported[];
  quotes: Exported[];
  payments: Exported[];
  documents: Array<Exported & { pdf: string | null }>;
  mail: Exported[];
  accountChanges: Exported[];
}

/** The files of an export ZIP, and its data.json read. */
export function readExport(zip: Uint8Array) {
  const files = unzipSync(zip);
  return { files, data: JSON.parse(strFromU8(files['data.json']!)) as ExportData };
}
