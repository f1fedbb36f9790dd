import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'dangerOutline' | 'ghost' | 'inverse' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'inline-flex items-center justify-center gap-2 font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-darker disabled:cursor-not-allowed';

const VARIANTS: Record<ButtonVariant, string> = {
  // brand-darker keeps white text above 4.5:1; the lighter brand colours are for accents only.
  primary: 'bg-brand-darker text-white shadow-sm hover:bg-brand-dark disabled:bg-slate-400',
  secondary:
    'border border-brand-darker bg-white text-brand-darker hover:bg-brand-light disabled:border-slate-300 disabled:text-slate-500',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-slate-400',
  dangerOutline:
    'border border-red-700 bg-white text-red-700 hover:bg-red-50 disabled:border-slate-300 disabled:text-slate-500',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  inverse: 'bg-white text-brand-darker shadow-sm hover:bg-brand-light',
  // Looks like a link, in running text; it has no box, so no size.
  link: 'rounded text-brand-darker underline-offset-2 hover:underline',
};

const SIZES: Record<ButtonSize, string> = {
  sm: 'h-9 px-3 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

/** The classes of our buttons, also for links that look like buttons. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra = ''): string {
  const box = variant === 'link' ? '' : `rounded-lg ${SIZES[size]} `;
  return `${BASE} ${box}${VARIANTS[variant]} ${extra}`.trim();
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** React 19 passes refs as a prop (to focus a button). */
  ref?: Ref<HTMLButtonElement>;
}

/** The one button of the site: a variant and a size; `type` is 'button' unless said otherwise. */
export function Button({ variant, size, className = '', type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}

/** A small spinning ring for a button whose action is running (hidden from screen readers). */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent"
    />
  );
}
