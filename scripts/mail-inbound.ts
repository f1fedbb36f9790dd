/**
 * `npm run mail:inbound -- <file.eml|file.json>`: replays an inbound mail against the local API
 * (npm start) exactly as Postmark would deliver it: a `.json` file is posted as it is (Postmark
 * Inbound's JSON), a `.eml` file (e.g. saved from the mail catcher at http://localhost:1080, then
 * edited into a reply) is first turned into that JSON. Posts to API_URL (default
 * http://localhost:3001) with the webhook's Basic credentials (POSTMARK_INBOUND_USER/PASSWORD, or
 * the emulators' local defaults) and prints what the API did with it.
 *
 * A mail counts as its sender's only when SPF or DKIM of the From domain vouched for it, which
 * Postmark reports in headers on top of the mail; a mail saved from the catcher has none, so it
 * waits for review. `--authenticated` puts passing ones on top, as Postmark would for a genuine mail.
 */
import { existsSync, readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { DEMO_INBOUND_PASSWORD, DEMO_INBOUND_USER } from '../server/config';
import { POSTMARK_INBOUND_PATH } from '../server/routes/support';

if (process.env.LOAD_DOTENV !== 'false' && existsSync('.env')) process.loadEnvFile('.env');

const args = process.argv.slice(2);
const isAuthenticated = args.includes('--authenticated');
const file = args.find((arg) => !arg.startsWith('--'));
if (!file) {
  console.error('usage: npm run mail:inbound -- [--authenticated] <file.eml|file.json>');
  process.exit(2);
}

type Part = { headers: Map<string, string>; body: string };

function splitPart(raw: string): Part {
  const [head = '', ...rest] = raw.replace(/\r\n/g, '\n').split('\n\n');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).trim().toLowerCase(), line.slice(at + 1).trim());
  }
  return { headers, body: rest.join('\n\n') };
}

function decode(part: Part): Buffer {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64');
  if (encoding === 'quoted-printable') {
    const text = part.body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(text, 'latin1');
  }
  return Buffer.from(part.body, 'utf8');
}

function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\n/, ''))));
}

const address = (value: string) => /<([^>]+)>/.exec(value)?.[1] ?? value.trim();

function emlToPostmark(raw: string) {
  const mail = splitPart(raw);
  const parts = leaves(mail);
  const isAttachment = (part: Part) => /attachment|filename=/i.test(part.headers.get('content-disposition') ?? '');
  const text = parts.find(
    (part) => !isAttachment(part) && /^text\/plain/i.test(part.headers.get('content-type') ?? 'text/plain'),
  );
  const html = parts.find((part) => !isAttachment(part) && /^text\/html/i.test(part.headers.get('content-type') ?? ''));
  const from = mail.headers.get('from') ?? '';
  const to = (mail.headers.get('to') ?? '').split(',').map(address).filter(Boolean);
  return {
    From: address(from),
    FromFull: {
      Email: address(from),
      Name: from
        .replace(/<[^>]+>/, '')
        .replace(/"/g, '')
        .trim(),
    },
    To: to.join(', '),
    ToFull: to.map((email) => ({ Email: email, Name: '' })),
    Subject: mail.headers.get('subject') ?? '',
    MessageID: randomUUID(),
    TextBody: text ? decode(text).toString('utf8') : '',
    HtmlBody: html ? decode(html).toString('utf8') : '',
    Headers: [...mail.headers].map(([name, value]) => ({
      Name: name.replace(/(^|-)\w/g, (c) => c.toUpperCase()),
      Value: value,
    })),
    Attachments: parts.filter(isAttachment).map((part) => {
      const bytes = decode(part);
      const name = /filename="?([^";]+)"?/i.exec(part.headers.get('content-disposition') ?? '')?.[1] ?? 'file';
      return {
        Name: name,
        Content: bytes.toString('base64'),
        ContentType: (part.headers.get('content-type') ?? 'application/octet-stream').split(';')[0],
        ContentLength: bytes.length,
      };
    }),
  };
}

/** The verdicts Postmark puts on top of a genuine mail: SPF and a DKIM signature of the From domain pass. */
function authenticated(mail: { From: string; Headers?: Array<{ Name: string; Value: string }> }) {
  const verdicts = [
    { Name: 'Received-SPF', Value: `Pass (replayed as authenticated) identity=mailfrom; envelope-from=${mail.From}` },
    { Name: 'X-Spam-Tests', Value: 'DKIM_SIGNED,DKIM_VALID,DKIM_VALID_AU,SPF_PASS' },
  ];
  return { ...mail, Headers: [...verdicts, ...(mail.Headers ?? [])] };
}

const raw = readFileSync(file, 'utf8');
const parsed = file.endsWith('.json') ? JSON.parse(raw) : emlToPostmark(raw);
const body = isAuthenticated ? authenticated(parsed) : parsed;
const user = process.env.POSTMARK_INBOUND_USER ?? DEMO_INBOUND_USER;
const password = process.env.POSTMARK_INBOUND_PASSWORD ?? DEMO_INBOUND_PASSWORD;
const url = `${(process.env.API_URL ?? `http://localhost:${process.env.API_PORT ?? 3001}`).replace(/\/+$/, '')}${POSTMARK_INBOUND_PATH}`;
const response = await fetch(url, {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
  },
  body: JSON.stringify(body),
});
console.log(`${response.status} ${await response.text()}`);
process.exit(response.ok ? 0 : 1);
