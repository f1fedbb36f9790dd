export const STATUS = {
  pending: 'Pending',
  /** An invoice paid in part (offline receipts and TDS); it can take further payments. */
  partiallyPaid: 'Partially paid',
  paid: 'Paid',
  new: 'New',
  inProgress: 'In progress',
  closed: 'Closed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
} as const;

export type BadgeTone = 'yellow' | 'green' | 'red' | 'grey';

/** Statuses of an order or invoice that still takes payments: nothing paid yet, or part of it. */
export const OPEN_STATUSES: readonly string[] = [STATUS.pending, STATUS.partiallyPaid];

/** Whether an order or invoice still takes payments. */
export const isOpenStatus = (status: string | null | undefined) => OPEN_STATUSES.includes(status ?? '');

/**
 * Badge colour of a status: pending/new/partially paid (and a renewal due, a milestone awaiting
 * payment) yellow, completed/paid (and an active service) green, cancelled (and an overdue or
 * lapsed service) red, else grey.
 */
export function statusTone(status: string | undefined | null): BadgeTone {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'pending':
    case 'partially paid':
    case 'new':
    case 'renewal due':
    case 'certificate awaited':
    case 'awaiting payment':
      return 'yellow';
    case 'completed':
    case 'paid':
    case 'active':
    case 'verified':
      return 'green';
    case 'cancelled':
    case 'canceled':
    case 'overdue':
    case 'lapsed':
      return 'red';
    default:
      return 'grey';
  }
}
