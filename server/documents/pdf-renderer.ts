import { Worker } from 'node:worker_threads';
import { documentFileName, type PrintedDocument } from './pdf';
import type { RenderReply, RenderRequest } from './pdf-thread';

interface Pending {
  resolve: (pdf: Buffer) => void;
  reject: (error: Error) => void;
}

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function failAll(error: Error): void {
  worker = undefined;
  for (const job of pending.values()) job.reject(error);
  pending.clear();
}

/** The one PDF thread of this process, started on first use; it keeps the process alive only while it renders. */
function pdfThread(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./pdf-thread.mjs', import.meta.url));
  started.on('message', (reply: RenderReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if ('error' in reply) job.reject(new Error(`PDF rendering failed: ${reply.error}`));
    else job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`The PDF thread stopped (exit code ${code}).`));
  });
  worker = started;
  return started;
}

/**
 * renderDocumentPdf, on a thread of its own: a PDF takes some 25 ms of CPU, and on the API's main
 * thread every request in flight would wait that long (200 receipts after a burst of payments: 5 s).
 * Renders queue on the one thread; a crashed thread fails its jobs (their callers retry) and the
 * next render starts a new one.
 */
export function renderPdfOffThread(snapshot: PrintedDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const id = (nextId += 1);
    pending.set(id, { resolve, reject });
    const thread = pdfThread();
    thread.ref();
    thread.postMessage({ id, snapshot } satisfies RenderRequest);
  });
}

/** A PDF as a download: its file name and its bytes. */
export interface PdfFile {
  fileName: string;
  pdf: Buffer;
}

/** A printed document as a download, named after its title and number (see documentFileName). */
export async function pdfFileOf(snapshot: PrintedDocument): Promise<PdfFile> {
  return { fileName: documentFileName(snapshot), pdf: await renderPdfOffThread(snapshot) };
}
