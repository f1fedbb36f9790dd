import { useState } from 'react';
import { Button } from '@/components/button';
import { saveDownload } from '@/lib/save-file';
import { DOCUMENT_TITLES, type DocumentKind } from '@/domain/tax-document';
import type { TaxDocumentItem } from '@/records/tax-documents';
import { downloadDocumentPdf } from './api';

/** A document's title as its PDF heads it ('Tax Invoice', 'Credit Note', ...). */
export const titleOf = (item: TaxDocumentItem) =>
  DOCUMENT_TITLES[item.kind as DocumentKind] ?? (item.series === 'credit-note' ? 'Credit Note' : 'Document');

// Its own module: the customer page shows it too, and the documents list loads only when opened.
export function DownloadButton({ item }: { item: TaxDocumentItem }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  async function download() {
    setState('busy');
    try {
      saveDownload(await downloadDocumentPdf(item.id), `${item.number.replace(/\//g, '-')}.pdf`);
      setState('idle');
    } catch {
      setState('failed');
    }
  }
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={() => void download()}
      disabled={state === 'busy'}
      aria-label={`${state === 'failed' ? 'Retry download' : 'Download PDF'}: ${titleOf(item)} ${item.number}`}
    >
      {state === 'failed' ? 'Retry download' : 'Download PDF'}
    </Button>
  );
}
