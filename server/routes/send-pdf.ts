import type { Response } from 'express';
import type { PdfFile } from '../documents/pdf-renderer';

/** A generated PDF as a download: a tax document, a proforma by its pay link, a quote. */
export function sendPdf(res: Response, { fileName, pdf }: PdfFile): void {
  res
    .status(200)
    .set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      // Personal data: never stored by a shared cache.
      'Cache-Control': 'private, no-store',
    })
    .send(pdf);
}
