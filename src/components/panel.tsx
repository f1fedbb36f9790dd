import type { ReactNode } from 'react';

/** The profile's panel looks: a plain card, the guest's amber call to action, the red danger zone. */
const TONES = {
  plain: { box: 'rounded-xl border border-slate-200 bg-white p-6 shadow-sm', title: 'text-xl font-semibold' },
  caution: { box: 'rounded-xl border border-amber-300 bg-amber-50 p-6', title: 'text-xl font-semibold text-amber-950' },
  danger: { box: 'rounded-xl border border-red-200 bg-red-50 p-6', title: 'text-xl font-semibold text-red-900' },
};

interface PanelProps {
  /** The heading's id: the section is labelled by it (and forms inside may be too). */
  titleId: string;
  title: ReactNode;
  tone?: keyof typeof TONES;
  children: ReactNode;
}

/** One section of the profile page: a card headed by its title. */
export function Panel({ titleId, title, tone = 'plain', children }: PanelProps) {
  const { box, title: titleClass } = TONES[tone];
  return (
    <section aria-labelledby={titleId} className={box}>
      <h2 id={titleId} className={titleClass}>
        {title}
      </h2>
      {children}
    </section>
  );
}
