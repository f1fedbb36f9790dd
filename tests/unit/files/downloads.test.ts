import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { safeFileName } from '../../../server/files/file-store';
import { asciiFileName, contentDisposition } from '../../../server/routes/downloads';

/** The name a browser saves: filename* when there is one (content-disposition's parser prefers it too). */
const savedName = (header: string) => parse(header).parameters.filename;
/** Node's own check of a header value (what answered 500 for `Client’s brief.pdf`). */
const isValidHeader = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);

describe('the Content-Disposition of every download', () => {
  it('when the name is plain ASCII, then the header is the plain quoted filename, as before', () => {
    expect(contentDisposition('Tax-Invoice-NB-2026-27-0001.pdf')).toBe(
      'attachment; filename="Tax-Invoice-NB-2026-27-0001.pdf"',
    );
    expect(contentDisposition('screen.png', 'inline')).toBe('inline; filename="screen.png"');
  });

  it.each([
    ['Screenshot 2026-11-02 at 10.15.32\u202fAM.png', 'Screenshot 2026-11-02 at 10.15.32 AM.png'],
    ['अनुबंध.pdf', 'file.pdf'],
    ['Client’s brief.pdf', "Client's brief.pdf"],
    ['Résumé – final.pdf', 'Resume - final.pdf'],
    ['100%25 "done".txt', '100_25 _done_.txt'],
    ['日本語', 'file'],
  ])(
    'when the name is %j, then the header is ASCII with the fallback %j and the real name in filename*',
    (name, fallback) => {
      const header = contentDisposition(name);

      expect(isValidHeader(header)).toBe(true);
      expect(header).toMatch(/^[\x20-\x7e]+$/);
      expect(header).toContain(`filename="${fallback}"`);
      expect(header).toContain("filename*=UTF-8''");
      expect(savedName(header)).toBe(name);
    },
  );

  it('when a name carries an unpaired surrogate (from JSON), then the header is still made', () => {
    expect(() => contentDisposition('bad\uD800name.pdf')).not.toThrow();
    expect(savedName(contentDisposition('bad\uD800name.pdf'))).toBe('bad\uFFFDname.pdf');
  });

  it('when the fallback is made, then it is never empty and keeps a plain extension only', () => {
    expect(asciiFileName('संविदा')).toBe('file');
    expect(asciiFileName('संविदा.मसौदा')).toBe('file');
    expect(asciiFileName('ﬁnal.pdf')).toBe('final.pdf');
  });
});

describe('file names as uploaded', () => {
  it('when a name has bidirectional controls, control characters or quotes, then they are dropped; Unicode stays', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('a\u0000b\u0085"c".png')).toBe('abc.png');
    expect(safeFileName('C:\\Users\\asha\\Client’s brief.pdf')).toBe('Client’s brief.pdf');
    expect(safeFileName('Screenshot 10.15.32\u202fAM.png')).toBe('Screenshot 10.15.32\u202fAM.png');
  });

  it('when a name is decomposed (as a Mac sends it), then it is stored composed', () => {
    expect(safeFileName('Re\u0301sume\u0301.pdf')).toBe('Résumé.pdf');
  });

  it('when a name is longer than 120 characters, then it is cut to 120 before its extension, never inside a character', () => {
    const name = safeFileName(`${'😀'.repeat(130)}.png`);
    expect(Array.from(name)).toHaveLength(120);
    expect(name).toBe(`${'😀'.repeat(116)}.png`);
    expect(() => encodeURIComponent(name)).not.toThrow();
    expect(safeFileName(`${'a'.repeat(130)}.अनुबंध`)).toBe(`${'a'.repeat(113)}.अनुबंध`);
    expect(safeFileName('b'.repeat(130))).toBe('b'.repeat(120));
  });
});
