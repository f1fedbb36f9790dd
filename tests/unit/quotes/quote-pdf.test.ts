// @vitest-environment node
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { documentFileName, renderDocumentPdf } from '../../../server/documents/pdf';
import { proformaSnapshot } from '../../../server/documents/snapshot';
import { quoteSnapshot, type QuoteTerms } from '../../../server/quotes/snapshot';
import { pricePayable, readPayable } from '@/domain/payable';
import { milestoneInvoiceLines, resolveMilestones, type QuoteLine } from '@/domain/quotes';
import { MILESTONES_30_40_30 } from '../../helpers/quote-fields';

const REGISTERED = { SELLER_GSTIN: '29AAAAA0000A1ZY' };

function terms(lines: QuoteLine[], overrides: Partial<QuoteTerms> = {}): QuoteTerms {
  const total = lines.reduce(
    (sum, line) => sum + Math.round((Math.round(line.quantity * 100) * line.ratePaise) / 100),
    0,
  );
  const resolved = resolveMilestones(total, MILESTONES_30_40_30);
  if (!resolved.ok) throw new Error(resolved.message);
  return {
    number: 'QT/2026-27/0007',
    version: 2,
    financialYear: '2026-27',
    description: 'Production dashboard for the Pune plant',
    lines,
    milestones: resolved.milestones,
    amountsIncludeGst: true,
    validUntil: '2026-06-30',
    terms: 'Hosting is billed yearly from go-live. Changes after the beta are quoted separately.',
    customerName: 'Rohan Mehta',
    customerEmail: 'rohan@example.com',
    ...overrides,
  };
}

const LINES: QuoteLine[] = [
  { description: 'Discovery and design', sac: '998314', quantity: 1, ratePaise: 1_00_000_00 },
  { description: 'Build, per sprint', sac: '998314', quantity: 3.5, ratePaise: 1_00_000_00 },
];

const snapshotOf = (quote: QuoteTerms, env: Record<string, string> = {}, state = 'Maharashtra') =>
  quoteSnapshot({
    quote,
    profile: { name: 'Rohan Mehta', address: '21 MG Road', city: 'Pune', state, country: 'India' },
    settings: loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', ...env }).documents,
    issuedAtMs: Date.parse('2026-05-04T10:05:00+05:30'),
  });

async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return { pages: pdf.numPages, text: (await extractText(pdf, { mergePages: true })).text };
}

describe('the quote PDF', () => {
  it('when the customer has a business name, then the quote is billed to the business, with or without a GSTIN', async () => {
    const settings = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', ...REGISTERED }).documents;
    const profile = { name: 'Rohan Mehta', legalName: 'Mehta Exports LLP', state: 'Maharashtra', country: 'India' };
    const quote = (extra: Record<string, unknown>) =>
      quoteSnapshot({ quote: terms(LINES), profile: { ...profile, ...extra }, settings, issuedAtMs: Date.now() });

    const { text } = await pdfText(await renderDocumentPdf(quote({})));
    expect(text).toMatch(/BILLED TO\s+Mehta Exports LLP/);
    expect(quote({ gstin: '27AAPFU0939F1ZV' }).recipient).toMatchObject({
      name: 'Mehta Exports LLP',
      gstin: '27AAPFU0939F1ZV',
    });
  }, 30_000);

  it('when a quote is drawn, then its text holds the number, the lines, the milestones and the validity date', async () => {
    const snapshot = snapshotOf(terms(LINES), REGISTERED);

    const { pages, text } = await pdfText(await renderDocumentPdf(snapshot));

    expect(pages).toBe(1);
    expect(text).toContain('QUOTE');
    expect(text).toContain('QT/2026-27/0007');
    expect(text).toContain('Discovery and design');
    expect(text).toContain('Build, per sprint');
    expect(text).toContain('3.5');
    expect(text).toContain('₹3,50,000.00');
    expect(text).toContain('PAYMENT MILESTONES');
    expect(text).toContain('30% deposit on acceptance');
    expect(text).toContain('Delivery of the beta');
    expect(text).toContain('Go-live');
    expect(text).toContain('₹1,35,000.00');
    expect(text).toContain('₹1,80,000.00');
    expect(text).toContain('Valid until');
    expect(text).toContain('30 Jun 2026');
    expect(text).toContain('IGST @ 18%');
    expect(text).toContain('Hosting is billed yearly');
    expect(text).toContain('Rupees Four Lakh Fifty Thousand Only');
    expect(documentFileName(snapshot)).toBe('Quote-QT-2026-27-0007-v2.pdf');
  });

  it('when the seller has no GSTIN, then the quote prints no GST, SAC or place of supply', async () => {
    const { text } = await pdfText(await renderDocumentPdf(snapshotOf(terms(LINES))));

    expect(text).toContain('QT/2026-27/0007');
    expect(text).not.toMatch(/GSTIN:|CGST|SGST|IGST|SAC|Place of supply/);
    expect(text).toContain('no GST is charged');
  });

  it('when a quote has long terms and many lines, then it continues on a second page with the footer once', async () => {
    const many = Array.from({ length: 24 }, (_, index) => ({
      description: `Module ${index + 1}: screens, reports and the integrations it needs`,
      sac: '998314',
      quantity: 1,
      ratePaise: 10_000_00,
    }));
    const { pages, text } = await pdfText(
      await renderDocumentPdf(snapshotOf(terms(many, { terms: 'A clause. '.repeat(300) }), REGISTERED)),
    );

    expect(pages).toBe(2);
    expect(text.match(/computer-generated/g)).toHaveLength(1);
  });
});

describe('a quote and the invoices it produces', () => {
  it("when GST is added on top across two SACs and two states, then each milestone's split is its proforma's to the paisa", () => {
    const lines: QuoteLine[] = [
      { description: 'Design', sac: '998314', quantity: 1.25, ratePaise: 1_333_33 },
      { description: 'Training', sac: '998315', quantity: 3, ratePaise: 777_77 },
    ];
    for (const state of ['Karnataka', 'Maharashtra']) {
      for (const amountsIncludeGst of [true, false]) {
        const quote = terms(lines, { amountsIncludeGst });
        const snapshot = snapshotOf(quote, REGISTERED, state);
        const settings = loadConfig({ FIREBASE_PROJECT_ID: 'demo-site', ...REGISTERED }).documents;
        quote.milestones.forEach((milestone, index) => {
          const payable = readPayable(
            { type: 'invoice', docId: `i${index}` },
            { kind: 'proforma', lines: milestoneInvoiceLines(quote, milestone), amountsIncludeGst },
          );
          const pricing = pricePayable(payable, settings.tax);
          const proforma = proformaSnapshot({
            payable,
            profile: { name: 'Rohan Mehta', state, country: 'India' },
            settings,
            number: 'PI/2026-27/0001',
            financialYear: '2026-27',
            issuedAtMs: Date.now(),
          });
          const printed = snapshot.milestones[index]!;
          expect(pricing.ok && pricing.chargedPaise).toBe(printed.totalPaise);
          expect(proforma.totals).toEqual({
            taxablePaise: printed.taxablePaise,
            cgstPaise: printed.cgstPaise,
            sgstPaise: printed.sgstPaise,
            igstPaise: printed.igstPaise,
            totalPaise: printed.totalPaise,
          });
          expect(proforma.lines.map((line) => line.sac)).toEqual(['998314', '998315']);
        });
        expect(snapshot.totals.totalPaise).toBe(
          snapshot.milestones.reduce((sum, milestone) => sum + milestone.totalPaise, 0),
        );
      }
    }
  });
});
