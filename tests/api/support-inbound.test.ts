import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_MESSAGES } from '@/domain/support';
import { drainOutbox } from '../../server/mail/drain';
import { firestoreFileStore } from '../../server/files/file-store';
import { POSTMARK_INBOUND_PATH } from '../../server/routes/support';
import { admin, createStaffWithToken } from '../helpers/emulators';
import { caughtMailPerTest, drainOptions, mailsTo, TEST_FROM } from '../helpers/mail-catcher';
import { uniqueEmail } from './payments-fixtures';
import {
  as,
  attachment,
  customerWithService,
  forgedAs,
  INBOUND_CREDENTIALS,
  messagesOf,
  openRequest,
  openedRequestWithReplyAddress,
  outboxMailsTo,
  PNG,
  postInbound,
  postmarkMail,
  supportApp,
} from './support-fixtures';

const { transport } = caughtMailPerTest();
const drain = () => drainOutbox(admin().db, transport(), drainOptions({ from: TEST_FROM }));

let staff: { uid: string; idToken: string; email: string };
beforeAll(async () => {
  const email = uniqueEmail('inbound-staff');
  staff = { ...(await createStaffWithToken(email)), email };
});

describe('the inbound webhook asks who is calling before it reads', () => {
  it('when malformed JSON comes without credentials or with wrong ones, then it is refused with 403; with the right ones it is a 400', async () => {
    const server = supportApp();
    const malformed = '{"From": "asha@example.com", "TextBody": ';
    const post = () => request(server).post(POSTMARK_INBOUND_PATH).set('Content-Type', 'application/json');

    const anonymous = await post().send(malformed);
    expect(anonymous.status).toBe(403);
    expect(anonymous.body).toEqual({ message: 'Not authorised.' });
    const wrong = await post()
      .set('Authorization', `Basic ${Buffer.from('postmark:not-the-password').toString('base64')}`)
      .send(malformed);
    expect(wrong.status).toBe(403);
    const right = await post()
      .set('Authorization', `Basic ${Buffer.from(INBOUND_CREDENTIALS).toString('base64')}`)
      .send(malformed);
    expect(right.status).toBe(400);
    expect(right.body).toEqual({ message: 'Request body is not valid JSON.' });
  });

  it('when a delivery is not Postmark’s shape (From a number), then the 400 names the field once', async () => {
    const server = supportApp();

    const response = await postInbound(server, {
      ...postmarkMail({ from: 'a@example.com', to: 'help@nimbus.test' }),
      From: 42,
    });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: 'From: Invalid input: expected string, received number' });
  });

  it('when an authenticated delivery announces more than 35 MB, then it is refused with 413 without waiting for the bytes', async () => {
    const listening = http.createServer(supportApp()).listen(0);
    await new Promise((resolve) => listening.once('listening', resolve));
    const { port } = listening.address() as AddressInfo;
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const call = http.request({
          port,
          method: 'POST',
          path: POSTMARK_INBOUND_PATH,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(35 * 1024 * 1024 + 1),
            Authorization: `Basic ${Buffer.from(INBOUND_CREDENTIALS).toString('base64')}`,
          },
        });
        call.once('response', (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          call.destroy();
        });
        call.once('error', reject);
        // Only the first bytes are sent: the answer must not wait for the other 35 MB.
        call.write('{"From":');
      });
      expect(status).toBe(413);
    } finally {
      listening.close();
    }
  });
});

describe('a mail is not proof of who sent it', () => {
  it("when a mail with a staff member's address in From (SPF and DKIM passing) answers a request's reply address, then it waits for review: no staff message, nothing mailed to the customer", async () => {
    const server = supportApp();
    const { customer, created, replyTo } = await openedRequestWithReplyAddress(server, drain);

    const response = await postInbound(
      server,
      postmarkMail({ from: staff.email, to: replyTo, text: 'Please pay ₹50,000 to account 1234 today.' }),
    );

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ outcome: 'review', reason: expect.stringMatching(/staff address/) });
    const messages = await messagesOf(created.id);
    expect(messages.map((message) => message.author)).toEqual(['customer']);
    expect((await outboxMailsTo(customer.uid)).map((mail) => mail.data.kind)).toEqual(['ack']);
  });
});

describe('a customer address is not proof either: SPF or DKIM of its domain must vouch for it', () => {
  it("when a mail with a verified customer's address fails both SPF and DKIM alignment, then it waits for review with no request and no acknowledgement; the same mail vouched for opens one", async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const mail = { from: customer.email, to: 'help@nimbus.test', subject: 'Cancel my plan', text: 'Cancel it today.' };

    const forged = await postInbound(server, postmarkMail({ ...mail, headers: forgedAs(customer.email) }));

    expect(forged.body).toMatchObject({ outcome: 'review' });
    expect(forged.body.reason).toMatch(
      /neither SPF nor DKIM vouches for example\.com \(SPF fail for example\.com; DKIM signed, not valid\)/,
    );
    expect((await admin().db.collection('supportRequests').where('uid', '==', customer.uid).get()).size).toBe(0);
    expect(await outboxMailsTo(customer.uid)).toEqual([]);

    const genuine = await postInbound(server, postmarkMail(mail));
    expect(genuine.body).toMatchObject({ outcome: 'created' });
    expect((await outboxMailsTo(customer.uid)).map((sent) => sent.data.kind)).toEqual(['ack']);
  });

  it('when a reply from the requester to the signed address fails both, then it is not appended; vouched for, it is', async () => {
    const server = supportApp();
    const { customer, created, replyTo } = await openedRequestWithReplyAddress(server, drain);

    const forged = await postInbound(
      server,
      postmarkMail({ from: customer.email, to: replyTo, text: 'Close it.', headers: forgedAs(customer.email) }),
    );
    expect(forged.body).toMatchObject({ outcome: 'review' });
    expect(await messagesOf(created.id)).toHaveLength(1);

    const genuine = await postInbound(
      server,
      postmarkMail({ from: customer.email, to: replyTo, text: 'Still offline.' }),
    );
    expect(genuine.body).toMatchObject({ outcome: 'appended', requestId: created.id });
    expect((await messagesOf(created.id)).map((message) => message.body)).toEqual([
      'Since this morning machine 3 shows offline on the dashboard.',
      'Still offline.',
    ]);
  });
});

describe('who a reply is from, as the customer sees it', () => {
  it("when staff reply, then the customer's page and mail name them by display name (or 'Nimbus support'), never by their login email", async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const created = await openRequest(server, customer.idToken);
    const namedEmail = uniqueEmail('priya');
    const named = await createStaffWithToken(namedEmail);
    await admin().auth.updateUser(named.uid, { displayName: 'Priya Sharma' });
    const reply = (token: string, body: string) =>
      as(token)(request(server).post(`/api/staff/support/requests/${created.id}/replies`))
        .send({ body })
        .expect(201);

    await reply(named.idToken, 'We restarted the gateway.');
    await reply(staff.idToken, 'Is it back now?');
    await drain();

    const page = await as(customer.idToken)(request(server).get(`/api/support/requests/${created.id}`)).expect(200);
    expect(page.body.messages.map((message: { authorName: string }) => message.authorName)).toEqual([
      'Asha Verma',
      'Priya Sharma',
      'Nimbus support',
    ]);
    expect(JSON.stringify(page.body)).not.toContain(namedEmail);
    expect(JSON.stringify(page.body)).not.toContain(staff.email);
    const mails = (await mailsTo(customer.email)).filter((mail) => mail.subject.startsWith('Re:'));
    const texts = mails.map((mail) => mail.text ?? '');
    expect(texts.find((text) => text.includes('We restarted'))).toContain('Priya Sharma');
    expect(texts.find((text) => text.includes('Is it back'))).toContain('Nimbus support');
    expect(texts.join('\n')).not.toMatch(new RegExp(`${namedEmail}|${staff.email}`));
  });
});

describe('attachments: every one is kept or accounted for', () => {
  it('when a reply brings 3 refused and 4 valid attachments, then the 4 are stored and the 3 listed with why, on the message and the inbound record', async () => {
    const server = supportApp();
    const { customer, created, replyTo } = await openedRequestWithReplyAddress(server, drain);
    const attachments = [
      attachment('setup.exe', Buffer.from('MZ\x90\x00binary')),
      attachment('photo.png', Buffer.from('MZ\x90\x00not a png')),
      attachment('empty.txt', Buffer.alloc(0)),
      ...['one.png', 'two.png', 'three.png', 'four.png'].map((name) => attachment(name, PNG, 'image/png')),
    ];

    const response = await postInbound(
      server,
      postmarkMail({ from: customer.email, to: replyTo, text: 'Screenshots attached.', attachments }),
    );

    expect(response.body).toMatchObject({ outcome: 'appended', requestId: created.id });
    const page = await as(customer.idToken)(request(server).get(`/api/support/requests/${created.id}`)).expect(200);
    const reply = page.body.messages[1];
    expect(reply.files.map((file: { name: string }) => file.name)).toEqual([
      'one.png',
      'two.png',
      'three.png',
      'four.png',
    ]);
    expect(reply.refusedFiles).toEqual([
      { name: 'setup.exe', reason: SUPPORT_MESSAGES.fileType('setup.exe') },
      { name: 'photo.png', reason: SUPPORT_MESSAGES.fileType('photo.png') },
      { name: 'empty.txt', reason: SUPPORT_MESSAGES.fileEmpty('empty.txt') },
    ]);
    const [inbound] = (await admin().db.collection('supportInbound').get()).docs;
    expect(inbound!.get('refusedAttachments').map((file: { name: string }) => file.name)).toEqual([
      'setup.exe',
      'photo.png',
      'empty.txt',
    ]);
    expect(inbound!.get('attachments').filter((file: { fileId: string | null }) => file.fileId)).toHaveLength(4);
  });

  it('when an attachment is named with 130 characters before ".png", then it is stored as a PNG, its name shortened before the extension', async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const name = `${'Screenshot of the dashboard '.repeat(5).slice(0, 130)}.png`;

    const response = await postInbound(
      server,
      postmarkMail({
        from: customer.email,
        to: 'help@nimbus.test',
        text: 'Screenshot attached.',
        attachments: [attachment(name, PNG, 'image/png')],
      }),
    );

    expect(response.body).toMatchObject({ outcome: 'created' });
    const page = await as(customer.idToken)(
      request(server).get(`/api/support/requests/${response.body.requestId}`),
    ).expect(200);
    expect(page.body.messages[0].files.map((file: { name: string }) => file.name)).toEqual([
      `${name.slice(0, 116).trim()}.png`,
    ]);
  });

  it("when a mail waits for review, then its attachments' bytes are kept in the file store for staff, and no one else reads them", async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const log = Buffer.from('2026-11-30 13:30 ERROR machine 3 offline\n');

    const response = await postInbound(
      server,
      postmarkMail({
        from: 'new-contact@example.org',
        to: 'help@nimbus.test',
        html: '<p>Our machine is down, log attached.</p>',
        attachments: [attachment('machine.log', log, 'text/plain'), attachment('tool.exe', Buffer.from('MZ'))],
      }),
    );

    expect(response.body).toMatchObject({ outcome: 'review' });
    const [inbound] = (await admin().db.collection('supportInbound').get()).docs;
    const [kept, refused] = inbound!.get('attachments') as Array<{ fileId: string | null; refused: string | null }>;
    expect(refused).toMatchObject({ fileId: null, refused: SUPPORT_MESSAGES.fileType('tool.exe') });
    const stored = await firestoreFileStore(admin().db).get(kept!.fileId!);
    expect(stored!.bytes.equals(log)).toBe(true);
    expect(stored!.meta).toMatchObject({
      ownerUid: 'inbound',
      attachedTo: `inbound/${inbound!.id}`,
      name: 'machine.log',
    });

    const review = await as(staff.idToken)(request(server).get('/api/staff/support/review')).expect(200);
    expect(review.body.mails[0].text).toBe('Our machine is down, log attached.');
    expect(review.body.mails[0].attachments).toEqual([
      { name: 'machine.log', size: log.length, fileId: kept!.fileId, refused: null },
      { name: 'tool.exe', size: 2, fileId: null, refused: SUPPORT_MESSAGES.fileType('tool.exe') },
    ]);
    const download = await as(staff.idToken)(request(server).get(`/api/support/files/${kept!.fileId}`)).expect(200);
    expect(Buffer.from(download.text ?? download.body).equals(log)).toBe(true);
    await as(customer.idToken)(request(server).get(`/api/support/files/${kept!.fileId}`)).expect(404);
  });
});

describe('a long mail is kept whole and shown shortened', () => {
  it('when a customer mails 1.2 MB of text, then it is kept (200), the request shows its first part with a note, and the full text is a file of it', async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const lines = Array.from(
      { length: 40_000 },
      (_, index) => `${String(index).padStart(5, '0')} ERROR machine 3 offline`,
    );
    const text = `The log is below.\n${lines.join('\n')}\n`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(1_200_000);

    const response = await postInbound(server, postmarkMail({ from: customer.email, to: 'help@nimbus.test', text }));

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ outcome: 'created' });
    const page = await as(customer.idToken)(
      request(server).get(`/api/support/requests/${response.body.requestId}`),
    ).expect(200);
    const [message] = page.body.messages;
    expect(message.body.length).toBeLessThan(10_100);
    expect(message.body.startsWith('The log is below.\n00000 ERROR machine 3 offline')).toBe(true);
    expect(message.body.endsWith('[Message shortened: the full text is kept in full-message.txt.]')).toBe(true);
    const full = message.files.find((file: { name: string }) => file.name === 'full-message.txt');
    expect(full.size).toBe(Buffer.byteLength(text));
    const download = await as(customer.idToken)(request(server).get(`/api/support/files/${full.id}`)).expect(200);
    expect(download.text).toBe(text);

    const [inbound] = (await admin().db.collection('supportInbound').get()).docs;
    expect(Buffer.byteLength(inbound!.get('text'))).toBeLessThanOrEqual(100 * 1024);
    const kept = await firestoreFileStore(admin().db).get(inbound!.get('textFileId'));
    expect(kept!.bytes.toString('utf8')).toBe(text);
  });
});

describe('HTML no mail can turn into a 500', () => {
  it('when an HTML-only mail nests 5,000 <div>s, then it is kept (200) and opens a request with its text', async () => {
    const server = supportApp();
    const customer = await customerWithService();

    const response = await postInbound(
      server,
      postmarkMail({ from: customer.email, to: 'help@nimbus.test', html: `${'<div>'.repeat(5000)}please call me` }),
    );

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ outcome: 'created' });
    const [message] = await messagesOf(response.body.requestId);
    expect(message!.body).toBe('please call me');
  });

  it('when an HTML-only mail is 2 MB, then it is kept whole (200) and the request shows the text of its first 256 KB', async () => {
    const server = supportApp();
    const customer = await customerWithService();
    const html = `<p>please call me</p>${'<p>a</p>'.repeat(250_000)}`;

    const response = await postInbound(server, postmarkMail({ from: customer.email, to: 'help@nimbus.test', html }));

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ outcome: 'created' });
    const [message] = await messagesOf(response.body.requestId);
    expect(message!.body.startsWith('please call me\n\na\n\na')).toBe(true);
    // The text of 256 KB of it: kept beside the message (the text of all 2 MB was three times that).
    expect(message!.original.length).toBeLessThan(100 * 1024);
    const [inbound] = (await admin().db.collection('supportInbound').get()).docs;
    const kept = await firestoreFileStore(admin().db).get(inbound!.get('htmlFileId'));
    expect(kept!.bytes.toString('utf8')).toBe(html);
  });
});

describe('a reply read as people write it', () => {
  async function replyByMail(mail: { text?: string; html?: string; strippedTextReply?: string }) {
    const server = supportApp();
    const { customer, created, replyTo } = await openedRequestWithReplyAddress(server, drain);
    const response = await postInbound(server, postmarkMail({ from: customer.email, to: replyTo, ...mail }));
    expect(response.body).toMatchObject({ outcome: 'appended', requestId: created.id });
    return (await messagesOf(created.id))[1]!;
  }

  it('when a reply comes as HTML only, then it is stored as readable text: no CSS, entities decoded, no quoted thread', async () => {
    const html =
      '<html><head><style>p { color: #333; font-family: Arial; }</style></head><body>' +
      '<div dir="ltr">Machine 3 &amp; machine 4 show &lt;offline&gt; again.<br>It started at 10:30&nbsp;am.</div><br>' +
      '<div class="gmail_quote"><div class="gmail_attr">On Mon, 30 Nov 2026 at 13:30, Nimbus &lt;support@nimbus.test&gt; wrote:<br></div>' +
      '<blockquote class="gmail_quote">We restarted the gateway; please check now.</blockquote></div></body></html>';

    const message = await replyByMail({ html });

    expect(message.body).toBe('Machine 3 & machine 4 show <offline> again.\nIt started at 10:30 am.');
    expect(message.original).toContain('We restarted the gateway');
    expect(message.original).not.toMatch(/color|<div|&amp;/);
  });

  it('when the customer\'s own text has a line starting with ">", then it is kept', async () => {
    const text =
      'The error count is\n>100 per hour since Monday.\n\nOn Mon, 30 Nov 2026 at 13:30, Nimbus <support@nimbus.test> wrote:\n> Is it still failing?';

    const message = await replyByMail({ text });

    expect(message.body).toBe('The error count is\n>100 per hour since Monday.');
  });

  it('when Gmail in Hindi replies, then its "… ने लिखा:" header and the quote are cut', async () => {
    const text =
      'मशीन 3 अब भी बंद है।\n\nसोम, 30 नव॰ 2026 को 1:30 pm बजे Nimbus Bespoke Software <\nsupport@nimbus.test> ने लिखा:\n> कृपया फिर से देखें।';

    const message = await replyByMail({ text });

    expect(message.body).toBe('मशीन 3 अब भी बंद है।');
    expect(message.original).toBe(text);
  });

  it('when Postmark sends its StrippedTextReply, then that is the reply', async () => {
    const message = await replyByMail({
      text: 'Fixed, thanks.\n\nQuoting Nimbus support:\n| We restarted the gateway; please check now.',
      strippedTextReply: 'Fixed, thanks.',
    });

    expect(message.body).toBe('Fixed, thanks.');
  });
});

describe('a delivery that failed midway is finished by the next one', () => {
  const recordId = (mail: { MessageID: string }) =>
    createHash('sha256').update(`postmark:${mail.MessageID}`).digest('hex').slice(0, 40);

  it('when Postmark retries a mail whose record was made but never decided, then it is processed; a mail already appended is not appended again', async () => {
    const server = supportApp();
    const { customer, created, replyTo } = await openedRequestWithReplyAddress(server, drain);
    const unfinished = postmarkMail({ from: customer.email, to: replyTo, text: 'First try failed midway.' });
    await admin()
      .db.doc(`supportInbound/${recordId(unfinished)}`)
      .set({ outcome: 'received' });

    const retried = await postInbound(server, unfinished);

    expect(retried.body).toMatchObject({ outcome: 'appended', requestId: created.id });
    expect((await messagesOf(created.id)).map((message) => message.body)).toEqual([
      'Since this morning machine 3 shows offline on the dashboard.',
      'First try failed midway.',
    ]);
    expect((await postInbound(server, unfinished)).body).toEqual({ outcome: 'duplicate' });

    // Appended, then the process died before the record said so: the next delivery does not repeat it.
    const appended = postmarkMail({ from: customer.email, to: replyTo, text: 'Appended once.' });
    await postInbound(server, appended);
    await admin()
      .db.doc(`supportInbound/${recordId(appended)}`)
      .update({ outcome: 'received' });
    const again = await postInbound(server, appended);
    expect(again.body).toMatchObject({ outcome: 'appended', requestId: created.id });
    expect((await messagesOf(created.id)).filter((message) => message.body === 'Appended once.')).toHaveLength(1);
  });
});
