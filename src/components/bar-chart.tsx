export interface Bar {
  /** Under the bar: 'Nov'. */
  label: string;
  /** Read out and shown on hover: 'Nov 2026: ₹2,80,000'. */
  description: string;
  value: number;
}

/**
 * A bar chart in plain SVG (no chart library: a few hundred bytes, in the page's own chunk). The
 * figure is one image to a screen reader, named by its caption and every bar's description, and
 * the caller shows the figures beside it for those who prefer numbers.
 */
export function BarChart({ bars, caption, height = 160 }: { bars: Bar[]; caption: string; height?: number }) {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const slot = 40;
  const width = Math.max(1, bars.length) * slot;
  const plot = height - 20;
  return (
    <figure className="w-full">
      <svg
        role="img"
        aria-label={`${caption}: ${bars.map((bar) => bar.description).join('; ')}`}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full max-w-2xl"
        preserveAspectRatio="xMinYMax meet"
      >
        <line x1="0" x2={width} y1={plot} y2={plot} stroke="#94a3b8" strokeWidth="1" />
        {bars.map((bar, index) => {
          const barHeight = Math.round((bar.value / max) * (plot - 8));
          const x = index * slot + 8;
          return (
            <g key={`${bar.label}-${index}`}>
              <rect x={x} y={plot - barHeight} width={slot - 16} height={barHeight} rx="3" fill="#0e7490">
                <title>{bar.description}</title>
              </rect>
              <text x={x + (slot - 16) / 2} y={height - 4} textAnchor="middle" fontSize="10" fill="#334155">
                {bar.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-sm text-slate-700">{caption}</figcaption>
    </figure>
  );
}
