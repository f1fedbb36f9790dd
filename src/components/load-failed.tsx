import { Button } from './button';
import { FormMessage } from './form-field';

/** A read that failed: why (announced), and a button that reads again. */
export function LoadFailed({
  error,
  onRetry,
  className = '',
}: {
  error: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div className={`space-y-3 ${className}`}>
      <FormMessage tone="error">{error}</FormMessage>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
