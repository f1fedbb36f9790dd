import { describe, expect, it } from 'vitest';
import { sellerDocumentWords } from '@/domain/seller-document';

describe('sellerDocumentWords', () => {
  it('when the seller is registered for GST, then the document is a Tax Invoice', () => {
    expect(sellerDocumentWords(true)).toEqual({ title: 'Tax Invoice', lower: 'tax invoice', withArticle: 'a tax invoice' });
  });

  it('when the seller is not registered, then the document is a Payment Receipt and never a tax invoice', () => {
    const words = sellerDocumentWords(false);
    expect(words.title).toBe('Payment Receipt');
    expect(Object.values(words).join(' ').toLowerCase()).not.toContain('tax invoice');
  });
});
