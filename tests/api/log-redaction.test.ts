import { Writable } from 'node:stream';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../server/account/consent';
import { bookingsContext } from '../../server/app-deps';
import { manageToken } from '../../server/bookings/store';
import { loadConfig } from '../../server/config';
import { createLogger, type LogFormat } from '../../server/logger';
import { quoteLinkToken } from '../../server/quotes/store';
import { testApp } from '../helpers/api-app';
import { freeSlots, visitorForm } from '../helpers/bookings';
import { admin, stack } from '../helpers/emulators';
import { TEST_FROM } from '../helpers/mail-catcher';
import { uniqueEmail, waitFor } from './payments-fixtures';
import { as, projectFixtures, SECRET } from './projects-fixtures';
import { staffPerFile } from './staff-fixtures';

// Whoever holds a link's token can pay, accept, comment, reschedule or unsubscribe: no log line may
// hold one. Real requests go through createApp with a logger writing to a stream we read, in the
// JSON Cloud Logging reads and in the readable format, and every line is searched for each token.

const staff = staffPerFile('log-staff');

const { acceptedQuote, addContact } = projectFixtures(() => staff);

/** An API whose logger (at debug, so every line is there) writes to lines we keep. */
function loggedApp(format: LogFormat) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const env = {
    FIREBASE_PROJECT_ID: stack.projectId,
    LOG_FORMAT: format,
    LOG_LEVEL: 'debug',
    // Cloud Logging's trace and httpRequest fields, as on Cloud Run.
    GOOGLE_CLOUD_PROJECT: 'nimbus-prod',
    PAY_LINK_SECRET: SECRET,
    MAIL_FROM: `${TEST_FROM.name} <${TEST_FROM.address}>`,
    PAYMENT_RATE_LIMIT_PER_MINUTE: '100000',
    PAY_LINK_RATE_LIMIT_PER_MINUTE: '100000',
  };
  const { app, deps } = testApp({ env, logger: createLogger(loadConfig(env), stream) });
  return { app, deps, lines };
}

/** One link of each kind, each for a real record: a pay link, a quote's, a contact's, a booking's and an unsubscribe link. */
async function linksOf(server: ReturnType<typeof loggedApp>) {
  const { app, deps } = server;
  const { customer, quoteId, projectId } = await acceptedQuote(app);
  const contact = await addContact(app, customer.idToken, projectId, uniqueEmail('log-cto'));
  const view = await as(customer.idToken)(request(app).get(`/api/projects/${projectId}`)).expect(200);
  const payUrl = new URL(view.body.milestones[0].invoice.payUrl as string);
  const [slot] = await freeSlots(app);
  await request(app)
    .post('/api/bookings')
    .send(visitorForm(slot!, { email: uniqueEmail('log-visitor') }))
    .expect(201);
  const [booking] = (await admin().db.collection('bookings').get()).docs;
  return {
    pay: payUrl.pathname.split('/').pop()!,
    quote: quoteLinkToken(SECRET, quoteId),
    project: contact.token,
    booking: manageToken(bookingsContext(deps).linkSecret, booking!.id, Date.parse(slot!)),
    unsubscribe: unsubscribeToken(deps.config.unsubscribeSecret, customer.uid),
  };
}

describe('link tokens never reach a log line', () => {
  it.each<LogFormat>(['json', 'pretty'])(
    'when each kind of link is opened and used (%s logs), then no log line holds its token, and the lines name the route with :token',
    async (format) => {
      const server = loggedApp(format);
      const tokens = await linksOf(server);
      const { app, lines } = server;
      const site = 'https://www.nimbusbespoke.in';
      const calls: Array<[string, () => request.Test]> = [
        // A pay link: its page's data, the same with the path in capitals (Express routes it), a
        // tampered token (a 404 that still starts with the real one), and a browser's Referer.
        ['pay', () => request(app).get(`/api/pay/${tokens.pay}`).set('Referer', `${site}/pay/${tokens.pay}`)],
        ['pay', () => request(app).get(`/API/PAY/${tokens.pay}`)],
        ['pay', () => request(app).get(`/api/pay/${tokens.pay}x`)],
        [
          'quote',
          () => request(app).get(`/api/quote-links/${tokens.quote}`).set('Referer', `${site}/quote/${tokens.quote}`),
        ],
        ['project', () => request(app).get(`/api/project-links/${tokens.project}`)],
        [
          'project',
          () =>
            request(app)
              .post(`/api/project-links/${tokens.project}/comments`)
              .set('Referer', `${site}/project-links/${tokens.project}`)
              .send({ body: 'Looks right to me.' }),
        ],
        ['booking', () => request(app).get(`/api/bookings/manage/${tokens.booking}`)],
        ['booking', () => request(app).get(`/api/bookings/manage/${tokens.booking}/slots`)],
        ['unsubscribe', () => request(app).get(`/api/mail/unsubscribe?token=${tokens.unsubscribe}`).accept('html')],
        ['unsubscribe', () => request(app).post(`/api/mail/unsubscribe?x=1&token=${tokens.unsubscribe}`).send({})],
      ];
      const statuses: number[] = [];
      for (const [, call] of calls) statuses.push((await call()).status);
      // Every call did what it was for (the tampered one excepted), so each code path logged.
      expect(statuses).toEqual([200, 200, 404, 200, 200, 201, 200, 200, 200, 200]);
      const completed = (line: string) => /request completed|request errored|"httpRequest"/.test(line);
      await waitFor(
        async () => lines.filter(completed).length,
        (count) => count >= calls.length,
      );

      const leaks = Object.fromEntries(
        Object.entries(tokens).map(([kind, token]) => [kind, lines.filter((line) => line.includes(token))]),
      );
      expect(leaks, `lines of the ${format} log holding a token`).toEqual({
        pay: [],
        quote: [],
        project: [],
        booking: [],
        unsubscribe: [],
      });
      const text = lines.join('\n');
      for (const path of [
        '/api/pay/:token',
        '/API/PAY/:token',
        '/api/quote-links/:token',
        '/api/project-links/:token/comments',
        '/api/bookings/manage/:token/slots',
        '/api/mail/unsubscribe?token=:token',
        `${site}/pay/:token`,
      ]) {
        expect(text, `the ${format} log names ${path}`).toContain(path);
      }
    },
    30_000,
  );
});
