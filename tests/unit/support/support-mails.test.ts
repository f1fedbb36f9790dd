import { describe, expect, it } from 'vitest';
import { OUT_OF_PLAN_MESSAGES, OUT_OF_PLAN_WAY_BACK } from '@/domain/support';
import { renderMail } from '../../../server/mail/templates';
import type { SupportMailData } from '../../../server/mail/templates/support';

const base: SupportMailData = {
  kind: 'ack',
  reference: 'SR-000123',
  subject: 'Machine 3 shows offline',
  customerName: 'Asha Verma',
  service: 'Factory Management – Growth',
  tier: null,
  firstReplyDue: null,
  outOfPlan: OUT_OF_PLAN_MESSAGES.overdue,
  body: 'Since this morning machine 3 shows offline.',
  url: 'https://nimbus.test/support/r1',
};
const PAY_URL = 'https://nimbus.test/pay/abcdefghijklmnopqrstuvwxyz012345';

const support = (data: Partial<SupportMailData>, links: { payUrl?: string } = {}) =>
  renderMail({ template: 'support', data: { ...base, ...data } }, { payUrl: links.payUrl });

/** The sentences of a text: none may end in '.:' or start lower-case after a colon-joined reason. */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+/);

describe('the acknowledgement of a request no plan covers', () => {
  it('when the renewal is overdue, then it reads in whole sentences and offers "Renew now" with the pay link', () => {
    const mail = support({ payLink: { uid: 'u1', type: 'invoice', docId: 'inv1' } }, { payUrl: PAY_URL });

    expect(mail.text).not.toContain('.:');
    expect(mail.text).toContain(
      `We have your request SR-000123. ${OUT_OF_PLAN_MESSAGES.overdue} ${OUT_OF_PLAN_WAY_BACK.meanwhile}`,
    );
    expect(mail.text).toContain(`${OUT_OF_PLAN_WAY_BACK.renew}\nRenew now: ${PAY_URL}`);
    expect(mail.html).toContain(`href="${PAY_URL}"`);
    expect(mail.html).toMatch(/>\s*Renew now\s*</);
    for (const sentence of sentences(mail.text.split('\n\n')[3]!)) expect(sentence).toMatch(/^[A-Z]/);
  });

  it('when there is nothing to renew, then the way back is a quote asked for on the request page', () => {
    const mail = support({ outOfPlan: OUT_OF_PLAN_MESSAGES.cancelled });

    expect(mail.text).not.toContain('.:');
    expect(mail.text).toContain(OUT_OF_PLAN_WAY_BACK.quote);
    expect(mail.text).toContain(`Ask for a quote on your request's page: ${base.url}`);
    expect(mail.text).not.toContain('Renew now');
  });
});

describe("a staff reply's mail", () => {
  const reply = (body: string, files?: SupportMailData['files']) =>
    support({ kind: 'reply', tier: 'Priority', outOfPlan: null, body, authorName: 'Priya Sharma', files });

  it('when the reply opens with its own greeting, then the mail greets once; without one, the mail adds it', () => {
    const mail = reply('Hi Asha,\n\nWe restarted the gateway; please check now.');
    expect(mail.text.match(/\b(Hello|Hi)\b/g)).toEqual(['Hi']);
    expect(mail.html.match(/Hello|Hi Asha/g)).toEqual(['Hi Asha']);

    const plain = reply('We restarted the gateway; please check now.');
    expect(plain.text).toContain('Hello Asha Verma,\n\nWe restarted the gateway');
  });

  it('when the reply has files, then the mail names each and says where to download them', () => {
    const mail = reply('Please see the log.', [
      { name: 'gateway.log', size: 12_800 },
      { name: 'screen.png', size: 3 * 1024 * 1024 },
    ]);
    expect(mail.text).toContain(
      'Attached to this reply: gateway.log (13 KB), screen.png (3.0 MB). Open your request to download them.',
    );
    expect(mail.html).toContain('gateway.log (13 KB)');
  });
});
