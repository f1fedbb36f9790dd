import { statusTone, type BadgeTone } from '@/domain/status';

// Dark text on a light tint keeps every pair above 4.5:1 contrast.
const TONE_CLASSES: Record<BadgeTone, string> = {
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  green: 'bg-green-100 text-green-900 ring-green-300',
  red: 'bg-red-100 text-red-900 ring-red-300',
  grey: 'bg-slate-100 text-slate-800 ring-slate-300',
};

/** A status pill: pending/new yellow, completed/paid green, cancelled red, anything else grey. */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const tone = statusTone(status);
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONE_CLASSES[tone]}`}
    >
      {status || 'Unknown'}
    </span>
  );
}
