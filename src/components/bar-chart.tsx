export interface Bar {
  /** Beside the bar: 'Nov'. */
  label: string;
  /** Read out: 'Nov 2026: ₹2,80,000'. */
  description: string;
  value: number;
  /** The figure printed at the bar's end ('₹2,80,000'); none when absent. */
  valueLabel?: string;
}

/**
 * A bar chart of plain HTML, one row a bar: its label, the bar, and its figure at the end. Text is
 * the page's own size on every screen (an SVG scaled to its box drew month names 8 px tall on a
 * phone and 33 px on a desktop) and nothing scrolls sideways. The figure is one image to a screen
 * reader, named by its caption and every bar's description.
 */
export function BarChart({ bars, caption }: { bars: Bar[]; caption: string }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure className="w-full max-w-2xl">
      <div
        role="img"
        aria-label={`${caption}: ${bars.map((bar) => bar.description).join('; ')}`}
        className="grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-1.5 text-xs text-slate-700"
      >
        {bars.map((bar, index) => (
          <div key={`${bar.label}-${index}`} className="contents" title={bar.description}>
            <span className="font-medium">{bar.label}</span>
            <span className="flex min-w-0 items-center gap-2">
              <span
                className="h-4 shrink-0 rounded-sm bg-cyan-700"
                style={{ width: `${(bar.value / max) * 70}%`, minWidth: bar.value > 0 ? 2 : 0 }}
              />
              {bar.valueLabel && <span className="whitespace-nowrap tabular-nums">{bar.valueLabel}</span>}
            </span>
          </div>
        ))}
      </div>
      <figcaption className="mt-2 text-sm text-slate-700">{caption}</figcaption>
    </figure>
  );
}
