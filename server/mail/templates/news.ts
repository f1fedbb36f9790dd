import { COMPANY } from '../../../src/domain/company';
import { button, html, layout, oneLine, paragraph, type RenderedMail } from './layout';

export interface NewsData {
  subject: string;
  paragraphs: string[];
}

/**
 * News and offers: the one kind of mail that needs the customer's consent (see
 * server/account/consent.ts). It says why it came and ends with the one-click unsubscribe link
 * (the same one its List-Unsubscribe header carries).
 */
export function news(data: NewsData, { unsubscribeUrl }: { unsubscribeUrl: string }): RenderedMail {
  const why = `You get this email because you agreed to news and offers from ${COMPANY.name} on your profile.`;
  const stop = 'Unsubscribe with one click:';
  return layout({
    subject: oneLine(data.subject, 200),
    heading: oneLine(data.subject, 200),
    body: html`${data.paragraphs.map((text) => paragraph(text))}${paragraph(why)}${button('Unsubscribe', unsubscribeUrl)}`,
    text: `${data.paragraphs.join('\n\n')}\n\n${why}\n${stop} ${unsubscribeUrl}`,
  });
}
