import { useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { ErrorMessage, TextField } from '@/components/form-field';
import { statementRangeSchema } from '@/domain/statement';
import type { StatementRange } from './api';

/** The days a statement covers (India, both included): shown when valid, its message otherwise. */
export function StatementRangeForm({
  range,
  onChange,
}: {
  range: StatementRange;
  onChange: (range: StatementRange) => void;
}) {
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = statementRangeSchema.safeParse({ from, to });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    setError(null);
    onChange(parsed.data);
  }

  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
      <TextField label="From" type="date" value={from} onChange={(event) => setFrom(event.target.value)} required />
      <TextField label="To" type="date" value={to} onChange={(event) => setTo(event.target.value)} required />
      <Button type="submit" variant="secondary">
        Show statement
      </Button>
      <ErrorMessage error={error} className="w-full" />
    </form>
  );
}
