import { formatInr } from '@/domain/money';

/** A rupee amount in the en-IN format (₹1,10,000). */
export function Price({ rupees, className }: { rupees: number; className?: string }) {
  return <span className={className}>{formatInr(rupees)}</span>;
}
