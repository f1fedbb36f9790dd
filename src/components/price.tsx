import { formatInr } from '@/domain/money';

/** An amount in the en-IN format (₹1,10,000). */
export function Price({ paise, className }: { paise: number; className?: string }) {
  return <span className={className}>{formatInr(paise)}</span>;
}
