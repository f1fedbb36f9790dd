import { describe, expect, it } from 'vitest';
import { isAlignedDomain, senderAuthentication } from '../../../server/support/mail-authentication';

const spf = (result: string, envelopeFrom: string) => ({
  Name: 'Received-SPF',
  Value: `${result} (sender SPF authorized) identity=mailfrom; client-ip=209.85.160.180; helo=mail-yk0-f180.google.com; envelope-from=${envelopeFrom}; receiver=abc+ahoy@inbound.postmarkapp.com`,
});
const tests = (value: string) => ({ Name: 'X-Spam-Tests', Value: value });

describe('whether the sender domain vouched for an inbound mail', () => {
  it('when SPF passes for the From domain, then SPF is aligned', () => {
    expect(senderAuthentication([spf('Pass', 'asha@verma.in')], 'asha@verma.in')).toEqual({
      spfAligned: true,
      dkimAligned: false,
      summary: 'SPF pass for verma.in; DKIM not reported',
    });
  });

  it('when SPF passes for a parent of the From domain, then it is aligned; for a child or another domain it is not', () => {
    expect(senderAuthentication([spf('Pass', 'bounces@verma.in')], 'asha@mail.verma.in').spfAligned).toBe(true);
    expect(senderAuthentication([spf('Pass', 'b@mail.verma.in')], 'asha@verma.in').spfAligned).toBe(false);
    expect(senderAuthentication([spf('Pass', 'forger@evil.test')], 'asha@verma.in').spfAligned).toBe(false);
  });

  it('when SpamAssassin reports DKIM_VALID_AU, then DKIM is aligned; DKIM_VALID alone (another domain) is not', () => {
    const aligned = senderAuthentication(
      [spf('Fail', 'x@evil.test'), tests('DKIM_SIGNED,DKIM_VALID,DKIM_VALID_AU')],
      'asha@verma.in',
    );
    expect(aligned).toMatchObject({
      spfAligned: false,
      dkimAligned: true,
      summary: 'SPF fail for evil.test; DKIM valid for verma.in',
    });
    const other = senderAuthentication([tests('DKIM_SIGNED, DKIM_VALID')], 'asha@verma.in');
    expect(other).toMatchObject({ dkimAligned: false, summary: 'SPF not reported; DKIM valid for another domain' });
  });

  it("when a forger adds their own passing headers below the provider's, then they do not outvote it", () => {
    const verdict = senderAuthentication(
      [spf('Softfail', 'asha@verma.in'), tests('SPF_SOFTFAIL'), spf('Pass', 'asha@verma.in'), tests('DKIM_VALID_AU')],
      'asha@verma.in',
    );
    expect(verdict).toEqual({
      spfAligned: false,
      dkimAligned: false,
      summary: 'SPF softfail for verma.in (2 Received-SPF headers); DKIM none (2 X-Spam-Tests headers)',
    });
  });

  it("when a forger puts passing headers above the provider's failing ones, then nothing vouches: every verdict must agree", () => {
    const verdict = senderAuthentication(
      [spf('Pass', 'asha@verma.in'), tests('DKIM_VALID_AU'), spf('Fail', 'forger@evil.test'), tests('DKIM_SIGNED')],
      'asha@verma.in',
    );
    expect(verdict).toEqual({
      spfAligned: false,
      dkimAligned: false,
      summary: 'SPF fail for evil.test (2 Received-SPF headers); DKIM signed, not valid (2 X-Spam-Tests headers)',
    });
    const agreeing = senderAuthentication(
      [
        spf('Pass', 'asha@verma.in'),
        tests('DKIM_VALID_AU'),
        spf('Pass', 'b@verma.in'),
        tests('DKIM_VALID,DKIM_VALID_AU'),
      ],
      'asha@verma.in',
    );
    expect(agreeing).toMatchObject({ spfAligned: true, dkimAligned: true });
  });

  it('when Received-SPF names envelope-from twice, or one inside a comment, then it is not read as aligned', () => {
    const header = (value: string) => [{ Name: 'Received-SPF', Value: value }];
    const twice = 'Pass identity=mailfrom; envelope-from=asha@verma.in envelope-from=forger@evil.test; receiver=x';
    expect(senderAuthentication(header(twice), 'asha@verma.in').spfAligned).toBe(false);
    const twoPairs = 'Pass identity=mailfrom; envelope-from=asha@verma.in; envelope-from=forger@evil.test';
    expect(senderAuthentication(header(twoPairs), 'asha@verma.in').spfAligned).toBe(false);
    const commented = 'Pass (envelope-from=asha@verma.in; (nested)) identity=mailfrom; envelope-from=forger@evil.test';
    expect(senderAuthentication(header(commented), 'asha@verma.in')).toMatchObject({
      spfAligned: false,
      summary: 'SPF pass for evil.test; DKIM not reported',
    });
    const quoted = 'pass (ok) identity=mailfrom; client-ip=1.2.3.4; envelope-from="asha@verma.in"; receiver=x;';
    expect(senderAuthentication(header(quoted), 'asha@verma.in').spfAligned).toBe(true);
  });

  it('when a mail carries no verdict at all, then nothing vouches for it', () => {
    expect(senderAuthentication([{ Name: 'Subject', Value: 'Hi' }], 'asha@verma.in')).toEqual({
      spfAligned: false,
      dkimAligned: false,
      summary: 'SPF not reported; DKIM not reported',
    });
  });

  it('when the domain is a bare top-level domain, then it vouches for nothing', () => {
    expect(isAlignedDomain('in', 'verma.in')).toBe(false);
    expect(isAlignedDomain('Verma.IN.', 'mail.verma.in')).toBe(true);
    expect(isAlignedDomain('erma.in', 'verma.in')).toBe(false);
  });
});
