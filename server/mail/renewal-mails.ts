import { COMPANY } from '../../src/domain/company';
import type { ReminderId } from '../../src/domain/renewals';
import { toCompanyMembers, type OutboxMail } from './outbox';
import { oneLine } from './templates/layout';
import type { RenewalLapsedData, RenewalReminderData, ServiceStoppedData } from './templates';

/**
 * The outbox mails of yearly maintenance renewals. Each id comes from its cause, so each goes once
 * whatever repeats: a renewal (`renewals/{id}`, whose id names the service and the renewal date)
 * has at most one of each reminder and one lapse; a stop is one per service revision (the revision
 * moves on when a stopped service is reinstated, so stopping it again is a new cause).
 */
export const renewalMailIds = {
  reminder: (renewalId: string, reminder: ReminderId) => `renewal:${renewalId}:${reminder}`,
  lapsed: (renewalId: string) => `renewal:${renewalId}:lapsed`,
  lapsedCompany: (renewalId: string) => `renewal:${renewalId}:lapsed-company`,
  stopped: (uid: string, serviceId: string, revision: number) => `service:${uid}:${serviceId}:r${revision}:stopped`,
  stoppedCompany: (uid: string, serviceId: string, revision: number) =>
    `service:${uid}:${serviceId}:r${revision}:stopped-company`,
};

const toCompany = (companyEmail: string) => ({ address: companyEmail, name: COMPANY.name });
/** A company mail about a customer: replying to it writes to the customer. */
const customerReplyTo = (data: { customerEmail?: string | null; customerName: string | null }) =>
  data.customerEmail
    ? { address: data.customerEmail, name: data.customerName ? oneLine(data.customerName, 100) : null }
    : null;

/** A reminder of an unpaid renewal, to the company's owner and billing members. */
export function renewalReminderMail(renewalId: string, data: RenewalReminderData): [string, OutboxMail] {
  return [
    renewalMailIds.reminder(renewalId, data.reminder),
    {
      template: 'renewal-reminder',
      data,
      ...toCompanyMembers(data.payLink.uid),
      replyTo: null,
      attachmentDocumentId: null,
    },
  ];
}

/** A lapsed renewal: the customer is told what stopped and how to restart it, the company whom to call. */
export function renewalLapsedMails(
  renewalId: string,
  data: Omit<RenewalLapsedData, 'audience'>,
  companyEmail: string,
): Array<[string, OutboxMail]> {
  return [
    [
      renewalMailIds.lapsed(renewalId),
      {
        template: 'renewal-lapsed',
        data: { ...data, audience: 'customer', customerEmail: null },
        ...toCompanyMembers(data.uid),
        replyTo: null,
        attachmentDocumentId: null,
      },
    ],
    [
      renewalMailIds.lapsedCompany(renewalId),
      {
        template: 'renewal-lapsed',
        data: { ...data, audience: 'company' },
        to: toCompany(companyEmail),
        replyTo: customerReplyTo(data),
        attachmentDocumentId: null,
      },
    ],
  ];
}

/**
 * A service that will not renew: the customer's confirmation, and (when the customer stopped it
 * themselves) the company's notice. Staff who stop a service know already.
 */
export function serviceStoppedMails(
  serviceId: string,
  revision: number,
  data: Omit<ServiceStoppedData, 'audience'>,
  companyEmail: string,
): Array<[string, OutboxMail]> {
  const mails: Array<[string, OutboxMail]> = [
    [
      renewalMailIds.stopped(data.uid, serviceId, revision),
      {
        template: 'service-stopped',
        data: { ...data, audience: 'customer', customerEmail: null },
        ...toCompanyMembers(data.uid),
        replyTo: null,
        attachmentDocumentId: null,
      },
    ],
  ];
  if (data.by === 'customer') {
    mails.push([
      renewalMailIds.stoppedCompany(data.uid, serviceId, revision),
      {
        template: 'service-stopped',
        data: { ...data, audience: 'company' },
        to: toCompany(companyEmail),
        replyTo: customerReplyTo(data),
        attachmentDocumentId: null,
      },
    ]);
  }
  return mails;
}
