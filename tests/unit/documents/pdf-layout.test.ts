// @vitest-environment node
import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderDocumentPdf } from '../../../server/documents/pdf';
import { DOCUMENT_SAMPLES } from './pdf-samples';

/** A run of text as drawn: its string and the box its glyphs fill (PDF points, y up). */
interface Run {
  page: number;
  text: string;
  left: number;
  right: number;
  bottom: number;
  top: number;
}

/**
 * Every text run of a PDF with its box: from the baseline, descenders reach about a fifth of the
 * font size below and capitals about four fifths above, so two lines set at their line height do
 * not touch, while a line drawn over another does.
 */
async function runsOf(bytes: Buffer): Promise<Run[]> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const runs: Run[] = [];
  for (let page = 1; page <= pdf.numPages; page += 1) {
    const content = await (await pdf.getPage(page)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '' || item.width === 0) continue;
      const [, , , , x, y] = item.transform as number[];
      const size = item.height;
      runs.push({
        page,
        text: item.str,
        left: x!,
        right: x! + item.width,
        bottom: y! - size * 0.2,
        top: y! + size * 0.8,
      });
    }
  }
  return runs;
}

/** Pairs of runs on the same page whose boxes share more than a hair (0.5 pt) each way. */
function overlaps(runs: Run[]): string[] {
  const found: string[] = [];
  const hair = 0.5;
  runs.forEach((a, index) => {
    for (const b of runs.slice(index + 1)) {
      if (a.page !== b.page) continue;
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.top, b.top) - Math.max(a.bottom, b.bottom);
      if (across > hair && down > hair) found.push(`page ${a.page}: "${a.text}" overlaps "${b.text}"`);
    }
  });
  return found;
}

// Rendering and reading back a PDF takes a few seconds on a busy machine.
describe('the layout of every printed document', { timeout: 30_000 }, () => {
  it('when the overlap check meets two lines drawn over each other, then it finds them', () => {
    const line = (text: string, y: number): Run => ({
      page: 1,
      text,
      left: 40,
      right: 200,
      bottom: y - 1.5,
      top: y + 6,
    });

    expect(overlaps([line('not require a signature.', 100), line('Company · mail · phone', 99)])).toHaveLength(1);
    expect(overlaps([line('first line', 100), line('next line', 90)])).toEqual([]);
  });

  it.each(DOCUMENT_SAMPLES)('when a %s is drawn, then no two text runs overlap on any page', async (_name, sample) => {
    const runs = await runsOf(await renderDocumentPdf(sample()));

    expect(runs.length).toBeGreaterThan(20);
    expect(overlaps(runs)).toEqual([]);
  });
});
