import request from 'supertest';
import { DEMO_INBOUND_PASSWORD, DEMO_INBOUND_USER } from '../../server/config';
import { POSTMARK_INBOUND_PATH } from '../../server/routes/support';
import { testApp } from '../helpers/api-app';
import { admin, createUserWithToken } from '../helpers/emulators';
import { mailsTo, rawHeader, TEST_FROM } from '../helpers/mail-catcher';
import { seedProfile } from './documents-fixtures';
import { uniqueEmail } from './payments-fixtures';
import { growthService } from '../helpers/sample-service';

export const COMPANY_INBOX = 'support-desk@nimbus.test';
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const supportApp = () =>
  testApp({ env: { COMPANY_EMAIL: COMPANY_INBOX, MAIL_FROM: `${TEST_FROM.name} <${TEST_FROM.address}>` } }).app;
export type SupportApp = ReturnType<typeof supportApp>;

export const as = (token: string) => (call: request.Test) => call.set('Authorization', `Bearer ${token}`);

/** A customer (verified login email) with a Factory Management Growth service (Priority support). */
export async function customerWithService() {
  const email = uniqueEmail('support-customer');
  const user = await createUserWithToken(email);
  await admin().auth.updateUser(user.uid, { emailVerified: true });
  await seedProfile(user.uid, { name: 'Asha Verma', email });
  await admin().db.doc(`users/${user.uid}/services/order1_Growth`).set(growthService());
  return { ...user, email };
}

export async function openRequest(server: SupportApp, token: string) {
  const response = await as(token)(request(server).post('/api/support/requests')).send({
    serviceId: 'order1_Growth',
    subject: 'Machine 3 shows offline',
    description: 'Since this morning machine 3 shows offline on the dashboard.',
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; reference: string };
}

const domainOf = (address: string) => address.split('@')[1]!;

/**
 * What Postmark adds on top of a mail's own headers: its SPF check of the envelope sender and
 * SpamAssassin's tests (DKIM_VALID_AU: a valid DKIM signature by the From address's domain).
 */
export const authenticatedBy = (from: string) => [
  {
    Name: 'Received-SPF',
    Value: `Pass (sender SPF authorized) identity=mailfrom; client-ip=209.85.160.180; helo=mail.${domainOf(from)}; envelope-from=${from}; receiver=inbound.postmarkapp.com`,
  },
  { Name: 'X-Spam-Tests', Value: 'DKIM_SIGNED,DKIM_VALID,DKIM_VALID_AU,SPF_PASS' },
];
/** A forger's mail: SPF fails for the From domain and no DKIM signature of it verifies. */
export const forgedAs = (from: string) => [
  {
    Name: 'Received-SPF',
    Value: `Fail (sender not SPF authorized) identity=mailfrom; client-ip=203.0.113.9; helo=forger.test; envelope-from=${from}; receiver=inbound.postmarkapp.com`,
  },
  { Name: 'X-Spam-Tests', Value: 'SPF_FAIL,DKIM_SIGNED' },
];

export type PostmarkAttachment = { Name: string; Content: string; ContentType: string; ContentLength: number };
export const attachment = (name: string, bytes: Buffer, contentType = 'application/octet-stream') => ({
  Name: name,
  Content: bytes.toString('base64'),
  ContentType: contentType,
  ContentLength: bytes.length,
});

/** Postmark Inbound's JSON (its documented fields); authenticated for its From unless told. */
export function postmarkMail(input: {
  from: string;
  to: string;
  subject?: string;
  text?: string;
  html?: string;
  strippedTextReply?: string;
  headers?: Array<{ Name: string; Value: string }>;
  attachments?: PostmarkAttachment[];
}) {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return {
    FromName: 'Asha Verma',
    MessageStream: 'inbound',
    From: input.from,
    FromFull: { Email: input.from, Name: 'Asha Verma', MailboxHash: '' },
    To: input.to,
    ToFull: [{ Email: input.to, Name: '', MailboxHash: input.to.split('+')[1]?.split('@')[0] ?? '' }],
    Cc: '',
    CcFull: [],
    OriginalRecipient: input.to,
    Subject: input.subject ?? 'Re: Machine 3 shows offline',
    MessageID: id,
    Date: 'Mon, 30 Nov 2026 13:30:00 +0530',
    TextBody: input.text ?? '',
    HtmlBody: input.html ?? '',
    StrippedTextReply: input.strippedTextReply ?? '',
    Headers: [
      ...(input.headers ?? authenticatedBy(input.from)),
      { Name: 'Message-ID', Value: `<${id}@mail.example.com>` },
    ],
    Attachments: input.attachments ?? [],
  };
}

export const INBOUND_CREDENTIALS = `${DEMO_INBOUND_USER}:${DEMO_INBOUND_PASSWORD}`;

export const postInbound = (server: SupportApp, body: unknown) =>
  request(server)
    .post(POSTMARK_INBOUND_PATH)
    .set('Authorization', `Basic ${Buffer.from(INBOUND_CREDENTIALS).toString('base64')}`)
    .send(body as object);

export async function messagesOf(id: string) {
  return (await admin().db.collection(`supportRequests/${id}/messages`).orderBy('createdAt').get()).docs.map((doc) =>
    doc.data(),
  );
}

/** The signed reply address of the customer's acknowledgement (drain the outbox first). */
export async function replyAddressOf(customerEmail: string) {
  const [ack] = await mailsTo(customerEmail);
  return (await rawHeader(ack!.id, 'reply-to'))!.match(/support\+[^>\s]+/)![0]!;
}

/**
 * A customer with a service opens a request and gets its acknowledgement (`drain` sends the
 * outbox to the catcher); the request and the signed reply address the customer answers to.
 */
export async function openedRequestWithReplyAddress(server: SupportApp, drain: () => Promise<unknown>) {
  const customer = await customerWithService();
  const created = await openRequest(server, customer.idToken);
  await drain();
  const replyTo = await replyAddressOf(customer.email);
  return { customer, created, replyTo };
}

/** Outbox mails addressed to a customer (by uid), of any kind. */
export async function outboxMailsTo(uid: string) {
  return (await admin().db.collection('mail').where('to.uid', '==', uid).get()).docs.map((doc) => doc.data());
}
