import { createHash, randomBytes } from 'node:crypto';
import { FieldValue, type Firestore, type Timestamp } from 'firebase-admin/firestore';

/**
 * Files customers and staff attach (support requests first), behind one small interface. Stored
 * in Firestore, in chunks under Firestore's 1 MiB document limit: Cloud Storage's emulator cannot
 * run offline here, and this keeps the tests real. A Cloud Storage implementation of the same
 * interface pays off once files are many or large (Firestore bills every chunk as a document read
 * and holds at most ~1 MiB per document; Storage streams and is cheaper per GB).
 */
export interface StoredFileMeta {
  id: string;
  /** Who it belongs to (the uploader's uid); reads are checked against it by the caller. */
  ownerUid: string;
  /** What it is attached to ('support/{requestId}'), or null while only uploaded. */
  attachedTo: string | null;
  name: string;
  type: string;
  contentType: string;
  size: number;
  sha256: string;
  createdAt: Date | null;
}

export interface FileStore {
  /**
   * Stores a file of up to 10 MB as the owner's, not attached. The file is readable (meta, get)
   * only once all of it is stored; a put that fails leaves nothing readable.
   */
  put(input: {
    ownerUid: string;
    name: string;
    type: string;
    contentType: string;
    bytes: Buffer;
  }): Promise<StoredFileMeta>;
  meta(id: string): Promise<StoredFileMeta | null>;
  get(id: string): Promise<{ meta: StoredFileMeta; bytes: Buffer } | null>;
  attach(ids: string[], attachedTo: string): Promise<void>;
  delete(id: string): Promise<void>;
}

/**
 * Files for a person's data export: name, type, size, SHA-256 and the bytes as base64. A file that
 * is gone (or cannot be read) is left out rather than failing the whole export.
 */
export async function exportFiles(store: FileStore, ids: string[]) {
  const contents = await Promise.all(ids.map((id) => store.get(id).catch(() => null)));
  return contents.flatMap((file) =>
    file
      ? [
          {
            name: file.meta.name,
            type: file.meta.type,
            size: file.meta.size,
            sha256: file.meta.sha256,
            base64: file.bytes.toString('base64'),
          },
        ]
      : [],
  );
}

export const FILES = 'files';
/** Each chunk document holds at most this many bytes (Firestore's limit is 1 MiB with the field names). */
export const CHUNK_BYTES = 900 * 1024;
/**
 * Chunks per commit: 2 × 900 KB = 1.8 MB, well under the emulator's 4 MiB message and production
 * Firestore's 10 MiB request limits (one commit of a 10 MB file's 12 chunks exceeded both).
 */
export const CHUNKS_PER_COMMIT = 2;

function metaOf(id: string, data: FirebaseFirestore.DocumentData): StoredFileMeta {
  return {
    id,
    ownerUid: String(data.ownerUid),
    attachedTo: typeof data.attachedTo === 'string' ? data.attachedTo : null,
    name: String(data.name),
    type: String(data.type),
    contentType: String(data.contentType),
    size: Number(data.size),
    sha256: String(data.sha256),
    createdAt: (data.createdAt as Timestamp | undefined)?.toDate() ?? null,
  };
}

/**
 * A file's head is written first with `complete: false`, its chunks next, and `complete: true`
 * last: until then no reader sees the file (meta and get answer null), and a put that failed half
 * way leaves a head the unattached-uploads job finds and deletes with its chunks. Files written
 * before this flag existed have no `complete` field and were written chunks first, head last:
 * a head without the field is complete.
 */
const isComplete = (data: FirebaseFirestore.DocumentData) => data.complete !== false;

export function firestoreFileStore(db: Firestore): FileStore {
  const fileDoc = (id: string) => db.collection(FILES).doc(id);
  return {
    async put({ ownerUid, name, type, contentType, bytes }) {
      const id = randomBytes(12).toString('base64url');
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      const chunks = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
      const data = { ownerUid, attachedTo: null, name, type, contentType, size: bytes.length, sha256, chunks };
      const ref = fileDoc(id);
      await ref.create({ ...data, complete: false, createdAt: FieldValue.serverTimestamp() });
      try {
        // One commit after another: each holds at most CHUNKS_PER_COMMIT chunks; in parallel they
        // were no faster on the emulator (measured, see the README) and would put more on the wire at once.
        for (let first = 0; first < chunks; first += CHUNKS_PER_COMMIT) {
          const batch = db.batch();
          for (let index = first; index < Math.min(first + CHUNKS_PER_COMMIT, chunks); index += 1) {
            batch.create(ref.collection('chunks').doc(String(index).padStart(4, '0')), {
              data: bytes.subarray(index * CHUNK_BYTES, (index + 1) * CHUNK_BYTES),
            });
          }
          await batch.commit();
        }
        await ref.update({ complete: true });
      } catch (error) {
        // Best effort (the request's budget may be spent): otherwise the unattached-uploads job deletes it.
        await db.recursiveDelete(ref).catch(() => undefined);
        throw error;
      }
      return { id, ...data, createdAt: new Date() };
    },
    async meta(id) {
      if (!/^[\w-]{1,40}$/.test(id)) return null;
      const snapshot = await fileDoc(id).get();
      return snapshot.exists && isComplete(snapshot.data()!) ? metaOf(id, snapshot.data()!) : null;
    },
    async get(id) {
      const meta = await this.meta(id);
      if (!meta) return null;
      const chunks = await fileDoc(id).collection('chunks').orderBy('__name__').get();
      const bytes = Buffer.concat(chunks.docs.map((chunk) => Buffer.from(chunk.get('data') as Uint8Array)));
      if (createHash('sha256').update(bytes).digest('hex') !== meta.sha256) {
        throw new Error(`File ${id} does not match its SHA-256.`);
      }
      return { meta, bytes };
    },
    async attach(ids, attachedTo) {
      if (!ids.length) return;
      const batch = db.batch();
      for (const id of ids) batch.update(fileDoc(id), { attachedTo });
      await batch.commit();
    },
    async delete(id) {
      await db.recursiveDelete(fileDoc(id));
    },
  };
}

const startsWith = (bytes: Buffer, signature: number[]) => signature.every((byte, index) => bytes[index] === byte);

/** Text files: no NUL byte and valid UTF-8 in the first 64 KB. */
function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 65_536);
  if (head.includes(0)) return false;
  try {
    // stream: a character cut at the 64 KB mark is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.length < bytes.length });
    return true;
  } catch {
    return false;
  }
}

const TYPES: Record<string, { extensions: string[]; contentType: string; sniff: (bytes: Buffer) => boolean }> = {
  PNG: {
    extensions: ['png'],
    contentType: 'image/png',
    sniff: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  JPEG: { extensions: ['jpg', 'jpeg'], contentType: 'image/jpeg', sniff: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  PDF: {
    extensions: ['pdf'],
    contentType: 'application/pdf',
    sniff: (b) => startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  },
  ZIP: {
    extensions: ['zip'],
    contentType: 'application/zip',
    sniff: (b) => startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06]),
  },
  TXT: { extensions: ['txt'], contentType: 'text/plain; charset=utf-8', sniff: looksLikeText },
  LOG: { extensions: ['log'], contentType: 'text/plain; charset=utf-8', sniff: looksLikeText },
};

/**
 * The file's type when its name's extension and its content agree (PNG, JPEG, PDF, TXT, LOG,
 * ZIP), else null: an .exe renamed .png, or a PNG named .exe, is refused.
 */
export function sniffFileType(name: string, bytes: Buffer): { type: string; contentType: string } | null {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  if (!extension) return null;
  for (const [type, spec] of Object.entries(TYPES)) {
    if (spec.extensions.includes(extension) && spec.sniff(bytes)) return { type, contentType: spec.contentType };
  }
  return null;
}

/** The longest file name kept (in characters, its extension included). */
export const FILE_NAME_MAX_CHARS = 120;

/**
 * A file name safe to show and to store, from any name a client sends: the last path segment, in
 * NFC (a Mac sends names decomposed), without control characters, `"`, or the invisible
 * bidirectional controls that can make `invoice\u202Efdp.exe` read as `invoiceexe.pdf`; at most 120
 * characters, never cut inside one, a longer name shortened before its extension (`….pdf` stays
 * a PDF). Unicode stays (U+202F, Devanagari, curly quotes): downloads send it through
 * contentDisposition (server/routes/downloads.ts).
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  const clean = base
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f"\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, '')
    .trim();
  const chars = Array.from(clean);
  if (chars.length <= FILE_NAME_MAX_CHARS) return clean || 'file';
  // Shortened in the middle: the extension (what the type check reads) stays.
  const extension = /\.[\p{L}\p{M}\p{N}]{1,10}$/u.exec(clean)?.[0] ?? '';
  const stem = chars
    .slice(0, FILE_NAME_MAX_CHARS - extension.length)
    .join('')
    .trim();
  return `${stem}${extension}`;
}
