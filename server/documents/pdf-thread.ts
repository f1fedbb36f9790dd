import { parentPort } from 'node:worker_threads';
import { renderDocumentPdf, type PrintedDocument } from './pdf';

/** The PDF thread (see pdf-renderer.ts): renders one snapshot per message, in order. */
export interface RenderRequest {
  id: number;
  snapshot: PrintedDocument;
}
export type RenderReply = { id: number; pdf: Uint8Array } | { id: number; error: string };

parentPort?.on('message', ({ id, snapshot }: RenderRequest) => {
  // A throw while laying out is this job's failure, not the thread's.
  Promise.resolve(snapshot)
    .then(renderDocumentPdf)
    .then(
      (pdf) => parentPort!.postMessage({ id, pdf } satisfies RenderReply),
      (error: unknown) =>
        parentPort!.postMessage({
          id,
          error: error instanceof Error ? error.message : String(error),
        } satisfies RenderReply),
    );
});
