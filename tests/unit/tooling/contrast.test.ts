import { describe, expect, it } from 'vitest';
import { COMPANY } from '@/domain/company';
import { PDF_COLOURS } from '../../../server/documents/pdf';
import { MAIL_COLOURS } from '../../../server/mail/templates/layout';

/** WCAG 2 contrast ratio of two '#rrggbb' colours. */
function contrast(foreground: string, background: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((start) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [lighter, darker] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
}

describe('text contrast in mails and PDFs', () => {
  it('when the logo colour carries white text, then it is below 4.5:1, which is why text uses the ink colour', () => {
    expect(contrast('#ffffff', COMPANY.brandColour)).toBeLessThan(4.5);
    expect(contrast('#ffffff', COMPANY.brandInkColour)).toBeGreaterThanOrEqual(4.5);
  });

  it("when a mail's text, muted text, heading and button are drawn, then each reads at 4.5:1 or more", () => {
    for (const colour of Object.values(MAIL_COLOURS)) expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', MAIL_COLOURS.brandInk)).toBeGreaterThanOrEqual(4.5);
  });

  it("when a PDF's text is drawn on white or on its shaded rows, and its table header in white on the ink colour, then each reads at 4.5:1 or more", () => {
    for (const colour of [PDF_COLOURS.ink, PDF_COLOURS.muted, PDF_COLOURS.brandInk]) {
      expect(contrast(colour, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrast(colour, PDF_COLOURS.shade)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast('#ffffff', PDF_COLOURS.brandInk)).toBeGreaterThanOrEqual(4.5);
  });
});
