import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The fade of every dialog (spec section 9). */
export const MODAL_FADE_MS = 300;

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Under the title; also becomes the dialog's description. */
  description?: ReactNode;
  children: ReactNode;
  /** Accessible name of the × button. */
  closeLabel?: string;
  /** `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md' | 'lg';
  /**
   * Identifies what the dialog shows (e.g. a step of a flow). When it changes, the control that
   * had focus is usually gone, so focus moves to the new content's first control and the dialog
   * scrolls back to its top.
   */
  contentKey?: string;
}

/**
 * An accessible dialog: fades in and out over 300 ms, traps Tab inside, closes on Escape and on a
 * click outside, and gives focus back to whatever had it before it opened.
 */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  children,
  closeLabel = 'Close',
  role = 'dialog',
  size = 'md',
  contentKey,
}: ModalProps) {
  const [isRendered, setIsRendered] = useState(isOpen);
  const [isVisible, setIsVisible] = useState(false);
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const shownKeyRef = useRef(contentKey);
  const contentRef = useRef<HTMLDivElement>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  if (isOpen && !isRendered) setIsRendered(true);

  useEffect(() => {
    if (isOpen) {
      // Fade in on the frame after mounting, so the transition has a starting point.
      const frame = requestAnimationFrame(() => setIsVisible(true));
      return () => cancelAnimationFrame(frame);
    }
    setIsVisible(false);
    const timer = window.setTimeout(() => setIsRendered(false), MODAL_FADE_MS);
    return () => window.clearTimeout(timer);
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen || !isRendered) return;
    returnFocusRef.current ??= document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) {
      // The first control of the content rather than the × button, which comes first in the DOM.
      const content = contentRef.current;
      const first =
        content?.querySelector<HTMLElement>('[data-autofocus]') ?? content?.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? panel).focus();
    }
  }, [isOpen, isRendered]);

  useEffect(() => {
    if (!isOpen || shownKeyRef.current === contentKey) return;
    shownKeyRef.current = contentKey;
    if (overlayRef.current) overlayRef.current.scrollTop = 0;
    const content = contentRef.current;
    const first =
      content?.querySelector<HTMLElement>('[data-autofocus]') ?? content?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panelRef.current)?.focus();
  }, [isOpen, contentKey]);

  useEffect(() => {
    if (isOpen) return;
    const target = returnFocusRef.current;
    returnFocusRef.current = null;
    if (target && target.isConnected) target.focus();
  }, [isOpen]);

  // A dialog its owner unmounts instead of closing gives focus back all the same.
  useEffect(
    () => () => {
      const target = returnFocusRef.current;
      returnFocusRef.current = null;
      if (target && target.isConnected) target.focus();
    },
    [],
  );

  if (!isRendered) return null;

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusables = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusables.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusables[0]!;
    const last = focusables[focusables.length - 1]!;
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  const width = size === 'sm' ? 'max-w-sm' : size === 'lg' ? 'max-w-2xl' : 'max-w-lg';
  return createPortal(
    <div
      ref={overlayRef}
      // Centred by the panel's auto margins, not by align-items: a panel taller than the window
      // then starts at the overlay's top and scrolls, instead of overflowing above it out of reach.
      className={`fixed inset-0 z-50 flex items-start justify-center overflow-y-auto overscroll-contain bg-slate-900/60 p-4 transition-opacity duration-300 ${
        isVisible ? 'opacity-100' : 'opacity-0'
      }`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      data-state={isOpen ? 'open' : 'closing'}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={`relative my-auto w-full ${width} rounded-xl bg-white p-6 text-slate-900 shadow-2xl outline-none`}
      >
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="absolute top-3 right-3 rounded-md p-1 text-2xl leading-none text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-darker"
        >
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={titleId} className="pr-8 text-2xl font-bold">
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-1 text-sm text-slate-600">
            {description}
          </p>
        )}
        <div ref={contentRef} className="mt-5">
          {children}
        </div>
      </div>
    </div>,
    document.body,
  );
}
