export const STATUS = {
  pending: 'Pending',
  paid: 'Paid',
  new: 'New',
  inProgress: 'In progress',
  closed: 'Closed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
} as const;

export type BadgeTone = 'yellow' | 'green' | 'red' | 'grey';

/**
 * Badge colour of a status: pending/new (and a renewal due) yellow, completed/paid (and an active
 * service) green, cancelled (and an overdue or lapsed service) red, else grey.
 */
export function statusTone(status: string | undefined | null): BadgeTone {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'pending':
    case 'new':
    case 'renewal due':
      return 'yellow';
    case 'completed':
    case 'paid':
    case 'active':
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
