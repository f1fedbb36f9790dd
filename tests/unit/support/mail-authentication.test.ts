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

  it("when a forger adds their own passing headers below the provider's, then only the provider's (the first) count", () => {
    const verdict = senderAuthentication(
      [spf('Softfail', 'asha@verma.in'), tests('SPF_SOFTFAIL'), spf('Pass', 'asha@verma.in'), tests('DKIM_VALID_AU')],
      'asha@verma.in',
    );
    expect(verdict).toEqual({ spfAligned: false, dkimAligned: false, summary: 'SPF softfail for verma.in; DKIM none' });
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
