import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { PassThrough } from 'node:stream';
import type { Logger } from 'pino';
import type { MailAddress } from './outbox';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
  /** What it is, as the mail names it: 'Tax Invoice NB/2026-27/0002'. */
  title?: string;
}

/**
 * A calendar invitation (RFC 5546 iMIP): sent the way Exchange and Gmail send one, as a
 * `text/calendar; method=…` part inside the `multipart/alternative` beside the text and HTML
 * (Outlook desktop and several web clients show Accept/Decline only for that), and again as an
 * .ics attachment for clients that only offer files.
 */
export interface MailCalendar {
  method: 'REQUEST' | 'CANCEL';
  /** The iCalendar text (CRLF line ends). */
  content: string;
  /** The attachment's name ('invite.ics'). */
  filename: string;
}

/** One rendered mail, ready for the wire. */
export interface OutgoingMail {
  from: MailAddress;
  to: MailAddress;
  replyTo: MailAddress | null;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  /** A consultation's invitation or cancellation, if the mail carries one. */
  calendar?: MailCalendar;
  /** Derived from the outbox id, so a receiving system can tell a repeat from a new mail. */
  messageId: string;
  /** More headers (a marketing mail's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/**
 * Why a send failed, which decides what the outbox does next:
 * - 'retry': the mail certainly did not leave (no connection, a 4xx answer, bad credentials): try later;
 * - 'permanent': the server refused this mail (5xx) or it cannot be sent as it is: give up;
 * - 'uncertain': the whole message was handed over and then the connection failed before the
 *   server answered, so it may have been delivered: give up rather than risk a duplicate.
 */
export type SendFailureKind = 'retry' | 'permanent' | 'uncertain';

export class MailSendError extends Error {
  constructor(
    message: string,
    readonly kind: SendFailureKind,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailSendError';
  }
}

export interface MailTransport {
  /** 'smtp', or 'log' when mails are only logged. */
  readonly kind: string;
  send(mail: OutgoingMail): Promise<{ messageId: string; response: string }>;
  close(): void;
}

export interface SmtpTimeouts {
  connectionTimeoutMs: number;
  greetingTimeoutMs: number;
  socketTimeoutMs: number;
}

/** Bounds every step, so a slow mail server holds the worker (never a request) for seconds, not minutes. */
export const SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionTimeoutMs: 10_000,
  greetingTimeoutMs: 10_000,
  socketTimeoutMs: 30_000,
};

interface NodemailerError {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  message?: string;
}

export function classifySmtpError(error: unknown, handedOver: boolean): SendFailureKind {
  const { code, responseCode, command } = (error ?? {}) as NodemailerError;
  if (typeof responseCode === 'number') {
    if (responseCode >= 400 && responseCode < 500) return 'retry';
    // A refused login is our configuration, fixed by an operator; the mails should then go out.
    if (code === 'EAUTH' || command?.startsWith('AUTH')) return 'retry';
    return 'permanent';
  }
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'permanent';
  return handedOver ? 'uncertain' : 'retry';
}

function formatAddress(address: MailAddress): { name: string; address: string } | string {
  return address.name ? { name: address.name, address: address.address } : address.address;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * SMTP through nodemailer, from a URL such as `smtps://user:pass@smtp.example.com:465` or
 * `smtp://user:pass@smtp.example.com:587` (STARTTLS). The message is composed here and handed to
 * nodemailer as a stream with an explicit envelope: the only recipient is `to` (never a header
 * parsed from content), and the end of the stream tells us the message was fully handed over.
 */
export function createSmtpTransport(url: string, timeouts: SmtpTimeouts = SMTP_TIMEOUTS): MailTransport {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const transporter = nodemailer.createTransport({
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    // Plain SMTP is only for a catcher on this machine; anywhere else STARTTLS is required.
    requireTLS: !secure && !LOOPBACK.has(parsed.hostname),
    auth: parsed.username
      ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) }
      : undefined,
    connectionTimeout: timeouts.connectionTimeoutMs,
    greetingTimeout: timeouts.greetingTimeoutMs,
    socketTimeout: timeouts.socketTimeoutMs,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      const composer = new MailComposer({
        from: formatAddress(mail.from),
        to: formatAddress(mail.to),
        replyTo: mail.replyTo ? formatAddress(mail.replyTo) : undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        // nodemailer puts it in multipart/alternative as text/calendar; method=… and attaches it.
        icalEvent: mail.calendar
          ? { method: mail.calendar.method, content: mail.calendar.content, filename: mail.calendar.filename }
          : undefined,
        messageId: mail.messageId,
        headers: mail.headers,
        // Nothing in a mail may make the server read a file or fetch a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
      let handedOver = false;
      const stream = new PassThrough();
      stream.once('end', () => {
        handedOver = true;
      });
      composer.compile().createReadStream().pipe(stream);
      try {
        const info = await transporter.sendMail({
          envelope: { from: mail.from.address, to: [mail.to.address] },
          raw: stream,
        });
        return { messageId: mail.messageId, response: String(info.response ?? '') };
      } catch (error) {
        const { code, message, response } = (error ?? {}) as NodemailerError;
        const text = [code, message ?? String(error)].filter(Boolean).join(': ') + (response ? ` (${response})` : '');
        throw new MailSendError(text, classifySmtpError(error, handedOver), { cause: error });
      }
    },
    close() {
      transporter.close();
    },
  };
}

/** No SMTP server configured: each mail is written to the log instead, and counts as sent. */
export function createLogTransport(logger: Pick<Logger, 'info'>): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      logger.info(
        {
          mail: {
            to: mail.to.address,
            replyTo: mail.replyTo?.address ?? null,
            subject: mail.subject,
            text: mail.text,
            attachments: [
              ...mail.attachments.map((attachment) => attachment.filename),
              ...(mail.calendar ? [mail.calendar.filename] : []),
            ],
            headers: mail.headers ?? {},
          },
        },
        'mail (logged, not sent: SMTP_URL is not set)',
      );
      return { messageId: mail.messageId, response: 'logged' };
    },
    close() {},
  };
}

/** The transport the configuration asks for; without SMTP_URL it logs mails, and says so once here. */
export function createMailTransport(
  config: { SMTP_URL?: string },
  logger: Pick<Logger, 'info' | 'warn'>,
): MailTransport {
  if (config.SMTP_URL) {
    const url = new URL(config.SMTP_URL);
    logger.info(
      { smtp: `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}` },
      'mail: sending over SMTP',
    );
    return createSmtpTransport(config.SMTP_URL);
  }
  logger.warn('mail: SMTP_URL is not set, so mails are written to the log instead of being sent');
  return createLogTransport(logger);
}
