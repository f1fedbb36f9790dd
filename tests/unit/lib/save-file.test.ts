// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNameFrom, saveDownload } from '@/lib/save-file';
import { contentDisposition } from '../../../server/routes/downloads';

describe('the name a download is saved under', () => {
  it.each([
    [
      "attachment; filename=\"Client's brief.pdf\"; filename*=UTF-8''Client%E2%80%99s%20brief.pdf",
      'Client’s brief.pdf',
    ],
    [
      'attachment; filename="file.pdf"; filename*=UTF-8\'\'%E0%A4%85%E0%A4%A8%E0%A5%81%E0%A4%AC%E0%A4%82%E0%A4%A7.pdf',
      'अनुबंध.pdf',
    ],
    ['inline; filename*=utf-8\'\'Screenshot%20AM.png; filename="x.png"', 'Screenshot AM.png'],
    ["attachment; filename*=iso-8859-1'en'caf%E9.txt", 'café.txt'],
  ])('when the header is %j, then the name comes from filename*', (header, name) => {
    expect(fileNameFrom(header)).toBe(name);
  });

  it.each([
    ['attachment; filename="payments-2026-10-01-to-2026-10-31.csv"', 'payments-2026-10-01-to-2026-10-31.csv'],
    ['attachment; filename=report.pdf', 'report.pdf'],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    ['attachment; filename="fallback.pdf"; filename*=UTF-8\'\'%E0%A4', 'fallback.pdf'],
  ])('when the header is %j (no usable filename*), then the name comes from filename', (header, name) => {
    expect(fileNameFrom(header)).toBe(name);
  });

  it.each([
    'Screenshot 2026-11-02 at 10.15.32\u202fAM.png',
    'अनुबंध.pdf',
    'Client’s brief.pdf',
    'Tax-Invoice-NB-2026-27-0001.pdf',
  ])('when the API sends %j, then that is the name read', (name) => {
    expect(fileNameFrom(contentDisposition(name))).toBe(name);
  });

  it('when there is no header or no name in it, then there is no name', () => {
    expect(fileNameFrom(null)).toBeNull();
    expect(fileNameFrom('attachment')).toBeNull();
  });
});

describe('saving a download', () => {
  let clicked: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.useFakeTimers();
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:file'), revokeObjectURL: vi.fn() });
    clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    clicked.mockRestore();
    vi.useRealTimers();
  });

  it('when the API named the file, then it is saved under that name, and its URL is released only later', () => {
    saveDownload(
      {
        blob: new Blob(['%PDF']),
        fileName: fileNameFrom('attachment; filename="file.pdf"; filename*=UTF-8\'\'%E0%A4%85.pdf'),
      },
      'fallback.pdf',
    );

    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('अ.pdf');
    expect(URL.revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:file');
  });

  it('when the API named none, then the fallback name is used', () => {
    saveDownload({ blob: new Blob(['x']), fileName: null }, 'my-data.zip');

    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('my-data.zip');
  });
});
