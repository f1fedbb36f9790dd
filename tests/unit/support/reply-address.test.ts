import { describe, expect, it } from 'vitest';
import { referenceFromReplyAddress, replyAddress } from '../../../server/support/store';
import { parsePostmarkInbound } from '../../../server/support/postmark';

const ctx = { replySecret: 'a-secret-for-tests', replyDomain: 'reply.nimbus.test' };

describe('signed reply addresses', () => {
  it('names its request, in lower case, and only with the right signature', () => {
    const address = replyAddress(ctx, 'SR-000123');
    expect(address).toMatch(/^support\+sr000123-[0-9a-f]{24}@reply\.nimbus\.test$/);
    expect(referenceFromReplyAddress(ctx.replySecret, address)).toBe('SR-000123');
    expect(referenceFromReplyAddress(ctx.replySecret, address.toUpperCase())).toBe('SR-000123');
    expect(referenceFromReplyAddress('another-secret', address)).toBeNull();
    expect(referenceFromReplyAddress(ctx.replySecret, address.replace('sr000123', 'sr000124'))).toBeNull();
    expect(referenceFromReplyAddress(ctx.replySecret, 'support@reply.nimbus.test')).toBeNull();
  });
});

describe("Postmark Inbound's JSON", () => {
  it('gives the sender, every recipient, the threading headers and the attachments', () => {
    const mail = parsePostmarkInbound({
      From: 'asha@example.com',
      FromFull: { Email: 'asha@example.com', Name: 'Asha' },
      To: 'support+x@reply.nimbus.test',
      ToFull: [{ Email: 'support+x@reply.nimbus.test', Name: '' }],
      CcFull: [{ Email: 'ops@example.com', Name: '' }],
      OriginalRecipient: 'support+x@reply.nimbus.test',
      Subject: 'Re: [SR-000001] Help',
      MessageID: 'pm-1',
      TextBody: 'Thanks',
      HtmlBody: '<p>Thanks</p>',
      Headers: [
        { Name: 'Message-ID', Value: '<abc@mail.example.com>' },
        { Name: 'In-Reply-To', Value: '<support.r1.ack@nimbus.test>' },
        { Name: 'References', Value: '<support.r1.ack@nimbus.test> <support.r1.reply@nimbus.test>' },
      ],
      Attachments: [
        {
          Name: 'a.txt',
          Content: Buffer.from('hello').toString('base64'),
          ContentType: 'text/plain',
          ContentLength: 5,
        },
      ],
    });
    expect(mail).toMatchObject({
      providerId: 'postmark:pm-1',
      from: 'asha@example.com',
      recipients: ['support+x@reply.nimbus.test', 'ops@example.com'],
      messageId: '<abc@mail.example.com>',
      inReplyTo: '<support.r1.ack@nimbus.test>',
      references: ['<support.r1.ack@nimbus.test>', '<support.r1.reply@nimbus.test>'],
    });
    expect(mail.attachments[0]!.bytes.toString()).toBe('hello');
  });

  it('refuses a body that is not Postmark’s, naming the field', () => {
    expect(() => parsePostmarkInbound({ From: 'a@b.in' })).toThrow(/^Missing field: MessageID\.$/);
  });
});
