import type { Response } from 'express';
import type { PdfFile } from '../documents/pdf-renderer';
import { sendDownload } from './downloads';

/** A generated PDF as a download: a tax document, a proforma by its pay link, a quote. */
export function sendPdf(res: Response, { fileName, pdf }: PdfFile): void {
  sendDownload(res, { fileName, contentType: 'application/pdf', body: pdf });
}
