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

/** Badge colour of a status: pending/new yellow, completed/paid green, cancelled red, else grey. */
export function statusTone(status: string | undefined | null): BadgeTone {
  switch ((status ?? '').trim().toLowerCase()) {
    case 'pending':
    case 'new':
      return 'yellow';
    case 'completed':
    case 'paid':
      return 'green';
    case 'cancelled':
    case 'canceled':
      return 'red';
    default:
      return 'grey';
  }
}
