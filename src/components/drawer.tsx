import { useEffect, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  id?: string;
  children: ReactNode;
}

/**
 * A right-side drawer, 250px wide, for small screens: a modal dialog that traps focus, closes on
 * Escape or a click outside, and hands focus back to whatever opened it.
 */
export function Drawer({ open, onClose, title, id, children }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current!;
    panel.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    let restore = true;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
      if (items.length === 0) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Following a link moves focus to its target, so focus is not handed back then.
    const onLinkClick = (event: MouseEvent) => {
      if ((event.target as HTMLElement).closest('a')) restore = false;
    };
    document.addEventListener('keydown', onKeyDown);
    panel.addEventListener('click', onLinkClick, true);
    // The page behind must not scroll while the drawer is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      panel.removeEventListener('click', onLinkClick, true);
      document.body.style.overflow = overflow;
      if (restore) opener?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50">
      <div className="drawer-fade absolute inset-0 bg-slate-900/50" aria-hidden="true" onClick={onClose} />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-label={title}
        className="drawer-slide absolute inset-y-0 right-0 flex w-[250px] flex-col bg-white shadow-2xl"
      >
        <div className="flex h-[68px] items-center justify-between border-b border-slate-200 px-4">
          <span className="font-semibold text-slate-900">{title}</span>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close menu"
            className="grid size-10 place-items-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-darker"
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto p-3">{children}</div>
      </div>
    </div>
  );
}
