import { z } from 'zod';
import { namedIssueMessage } from '../../src/domain/field-issues';
import { HttpError } from '../errors';
import { messageIdsIn, type InboundMail } from './inbound';
import { senderAuthentication } from './mail-authentication';

/**
 * Postmark Inbound's webhook JSON (https://postmarkapp.com/developer/webhooks/inbound-webhook):
 * the fields we use. `Headers` carries the mail's headers with Postmark's own on top (Received-SPF,
 * SpamAssassin's X-Spam-*), read by mail-authentication.ts. Postmark sends more (MailboxHash, Date,
 * …), kept by passthrough and ignored.
 */
const address = z.object({ Email: z.string(), Name: z.string().optional().nullable() }).passthrough();
const postmarkInboundSchema = z
  .object({
    From: z.string(),
    FromName: z.string().optional().nullable(),
    FromFull: address.optional(),
    To: z.string().optional().default(''),
    ToFull: z.array(address).optional().default([]),
    CcFull: z.array(address).optional().default([]),
    OriginalRecipient: z.string().optional().nullable(),
    Subject: z.string().optional().default(''),
    MessageID: z.string().min(1),
    TextBody: z.string().optional().default(''),
    HtmlBody: z.string().optional().default(''),
    StrippedTextReply: z.string().optional().nullable(),
    Headers: z
      .array(z.object({ Name: z.string(), Value: z.string() }))
      .optional()
      .default([]),
    Attachments: z
      .array(
        z.object({
          Name: z.string(),
          Content: z.string(),
          ContentType: z.string().optional().default('application/octet-stream'),
          ContentLength: z.number().optional(),
        }),
      )
      .optional()
      .default([]),
  })
  .passthrough();

export type PostmarkInbound = z.input<typeof postmarkInboundSchema>;

/** Postmark's JSON as an InboundMail; a body that is not Postmark's shape is a 400. */
export function parsePostmarkInbound(body: unknown): InboundMail {
  const parsed = postmarkInboundSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // zod's own words already name the field (server/errors.ts): named once, never "From: From: …".
    throw new HttpError(400, issue ? namedIssueMessage(issue) : 'body: not a Postmark inbound message');
  }
  const mail = parsed.data;
  const header = (name: string) =>
    mail.Headers.find((entry) => entry.Name.toLowerCase() === name.toLowerCase())?.Value ?? null;
  const messageId = messageIdsIn(header('Message-ID'))[0] ?? null;
  const recipients = [
    ...mail.ToFull.map((entry) => entry.Email),
    ...mail.CcFull.map((entry) => entry.Email),
    ...(mail.OriginalRecipient ? [mail.OriginalRecipient] : []),
    ...(mail.ToFull.length ? [] : mail.To.split(',').map((entry) => /<([^>]+)>/.exec(entry)?.[1] ?? entry.trim())),
  ].filter(Boolean);
  const from = mail.FromFull?.Email ?? mail.From;
  return {
    providerId: `postmark:${mail.MessageID}`,
    from,
    fromName: mail.FromFull?.Name ?? mail.FromName ?? null,
    recipients: [...new Set(recipients)],
    subject: mail.Subject,
    text: mail.TextBody,
    html: mail.HtmlBody,
    strippedReply: mail.StrippedTextReply?.trim() || null,
    messageId,
    inReplyTo: header('In-Reply-To'),
    references: messageIdsIn(header('References')),
    attachments: mail.Attachments.map((attachment) => ({
      name: attachment.Name,
      contentType: attachment.ContentType,
      bytes: Buffer.from(attachment.Content, 'base64'),
    })),
    authentication: senderAuthentication(mail.Headers, from),
  };
}
