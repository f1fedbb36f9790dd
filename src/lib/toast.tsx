import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastOptions {
  /**
   * The action the toast reports ('payment', 'cart-add'...). A new toast with the same key
   * replaces the earlier one, so a success never stands next to the error it fixed.
   */
  key?: string;
  /** Shown right before a navigation that it reports on (e.g. 'account deleted'): it survives that one page change. */
  keepOnNavigation?: boolean;
}

interface Toast {
  id: number;
  key: string | undefined;
  text: string;
  tone: ToastTone;
  keepOnNavigation: boolean;
}

type Notify = (text: string, tone?: ToastTone, options?: ToastOptions) => void;

interface ToastApi {
  notify: Notify;
  /** Called on every page change: toasts of the page left behind go (see useToastsFollowPage). */
  pageChanged: () => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Where the toasts sit on screen; the page is pushed down by their height (see index.css). */
const INSET_VARIABLE = '--toast-inset';

/**
 * Where the spec says 'alert', we show its exact text in an accessible, non-blocking toast:
 * errors are announced assertively (role=alert), the rest politely (role=status).
 *
 * Toasts sit under the fixed bar and push the page down by their height instead of covering it,
 * so on a phone a toast never hides a button; they leave with the page they belong to.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());
  const regionRef = useRef<HTMLDivElement>(null);

  const dismiss = useCallback((id: number) => {
    window.clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const notify = useCallback<Notify>(
    (text, tone = 'info', options = {}) => {
      const id = nextId.current++;
      const toast: Toast = { id, key: options.key, text, tone, keepOnNavigation: options.keepOnNavigation ?? false };
      setToasts((list) => {
        const kept = options.key ? list.filter((other) => other.key !== options.key) : list;
        return [...kept.slice(-2), toast];
      });
      timers.current.set(
        id,
        window.setTimeout(() => dismiss(id), tone === 'error' ? 9000 : 6000),
      );
    },
    [dismiss],
  );

  const pageChanged = useCallback(() => {
    setToasts((list) =>
      list.filter((toast) => toast.keepOnNavigation).map((toast) => ({ ...toast, keepOnNavigation: false })),
    );
  }, []);

  // The page makes room for the toasts: body padding (index.css) follows their height. Scroll
  // anchoring is off meanwhile, or the browser would scroll the content back under them.
  useLayoutEffect(() => {
    const root = document.documentElement;
    const region = regionRef.current;
    if (!region || toasts.length === 0) {
      root.style.removeProperty(INSET_VARIABLE);
      root.style.removeProperty('overflow-anchor');
      return;
    }
    const update = () => root.style.setProperty(INSET_VARIABLE, `${region.offsetHeight}px`);
    update();
    root.style.setProperty('overflow-anchor', 'none');
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(region);
    return () => observer.disconnect();
  }, [toasts.length]);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  const value = useMemo(() => ({ notify, pageChanged }), [notify, pageChanged]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div
        ref={regionRef}
        data-testid="toast-region"
        className="pointer-events-none fixed inset-x-0 top-[68px] z-[60] flex flex-col items-center px-4 pb-2 empty:hidden"
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            data-testid="toast"
            className={`pointer-events-auto mt-2 flex w-full max-w-md items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${
              toast.tone === 'error'
                ? 'bg-red-700 text-white'
                : toast.tone === 'success'
                  ? 'bg-emerald-700 text-white'
                  : 'bg-slate-900 text-white'
            }`}
          >
            <span className="min-w-0 flex-1 break-words">{toast.text}</span>
            <button
              type="button"
              onClick={() => dismiss(toast.id)}
              className="rounded px-1 font-bold opacity-80 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-white"
              aria-label="Dismiss notification"
            >
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function useToastApi(): ToastApi {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>.');
  return context;
}

export function useToast(): Notify {
  return useToastApi().notify;
}

/** Clears the toasts of the page left behind whenever `page` (the path) changes; rendered once by the layout. */
export function useToastsFollowPage(page: string): void {
  const { pageChanged } = useToastApi();
  const first = useRef(page);
  useEffect(() => {
    if (page === first.current) return;
    first.current = page;
    pageChanged();
  }, [page, pageChanged]);
}
