import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { formatInrWithPaise } from '@/domain/money';
import { buildStatement, statementCsvText } from '@/domain/statement';
import { renderDocumentPdf } from '../../../server/documents/pdf';
import { decimalToPaise, generateLedger, parseCsv, snapshotOf } from '../../helpers/statement-ledgers';

/**
 * The statement's PDF prints the computation's totals: for generated ledgers (the same generator as
 * the 1,000-ledger property test in tests/unit/domain/statement.test.ts, which checks the CSV and the
 * arithmetic for all of them) the PDF's text shows the same opening, debits, credits, closing, every
 * ageing bucket and the interest. A long statement's PDF costs up to a second of CPU to draw and
 * read, so this takes every 124th ledger of the thousand: 8 ledgers, of 0 to 57 lines and 1 to 4
 * pages, with and without interest.
 */
const SEEDS = Array.from({ length: 8 }, (_, index) => 1 + index * 124);

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const signed = (paise: number) => escaped(paise < 0 ? `-${formatInrWithPaise(-paise)}` : formatInrWithPaise(paise));

async function textOf(pdf: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;
}

describe('a statement’s PDF', () => {
  // Beside the browser tests in `npm test` a PDF takes longer than on a quiet machine.
  it(
    `when ${SEEDS.length} generated ledgers are printed, then each PDF shows the totals the CSV and the page show`,
    { timeout: 60_000 },
    async () => {
      let pages = 0;
      for (const seed of SEEDS) {
        const generated = generateLedger(seed);
        const statement = buildStatement(generated.ledger, {
          from: generated.from,
          to: generated.to,
          bankRatePercent: generated.bankRatePercent,
        });
        const snapshot = snapshotOf(generated, statement);
        const pdf = await renderDocumentPdf(snapshot);
        const text = await textOf(pdf);
        const context = `seed ${seed}`;

        expect(text, context).toMatch(new RegExp(`Opening balance\\s+${signed(statement.openingPaise)}`));
        expect(text, context).toMatch(new RegExp(`Debits\\s+${signed(statement.debitsPaise)}`));
        expect(text, context).toMatch(new RegExp(`Credits\\s+${signed(statement.creditsPaise)}`));
        expect(text, context).toMatch(new RegExp(`Closing balance\\s+${signed(statement.closingPaise)}`));
        for (const bucket of statement.ageing) {
          expect(text, `${context} ${bucket.label}`).toMatch(
            new RegExp(`${bucket.label}\\s+${signed(bucket.amountPaise)}`),
          );
        }
        expect(text, context).toMatch(
          new RegExp(`Total \\(the closing balance\\)\\s+${signed(statement.closingPaise)}`),
        );
        if (statement.interest) {
          expect(text, context).toContain(
            `Interest under section 16 of the MSMED Act on what is overdue: ${formatInrWithPaise(statement.interest.totalPaise)}`,
          );
        }
        // Every line's running balance is printed, in order.
        let from = 0;
        for (const line of statement.lines) {
          const at = text.indexOf(signed(line.balancePaise).replace(/\\/g, ''), from);
          expect(at, `${context} balance ${line.balancePaise}`).toBeGreaterThanOrEqual(from);
          from = at;
        }
        // The CSV of the same statement agrees with the PDF on the closing balance.
        const closingRow = parseCsv(statementCsvText(snapshot)).find((row) => row[1] === 'Closing balance')!;
        expect(decimalToPaise(closingRow[7]!), context).toBe(statement.closingPaise);
        pages += (await getDocumentProxy(new Uint8Array(pdf))).numPages;
      }
      // Long ledgers run over several pages.
      expect(pages).toBeGreaterThan(SEEDS.length);
    },
  );
});
