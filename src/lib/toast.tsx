import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  text: string;
  tone: ToastTone;
}

type Notify = (text: string, tone?: ToastTone) => void;

const ToastContext = createContext<Notify | null>(null);

/**
 * Where the spec says 'alert', we show its exact text in an accessible, non-blocking toast:
 * errors are announced assertively (role=alert), the rest politely (role=status).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), []);
  const notify = useCallback<Notify>(
    (text, tone = 'info') => {
      const id = nextId.current++;
      setToasts((list) => [...list.slice(-3), { id, text, tone }]);
      window.setTimeout(() => dismiss(id), tone === 'error' ? 9000 : 6000);
    },
    [dismiss],
  );
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.tone === 'error' ? 'alert' : 'status'}
            data-testid="toast"
            className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ${
              toast.tone === 'error'
                ? 'bg-red-700 text-white'
                : toast.tone === 'success'
                  ? 'bg-emerald-700 text-white'
                  : 'bg-slate-900 text-white'
            }`}
          >
            <span className="flex-1">{toast.text}</span>
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

export function useToast(): Notify {
  const context = useContext(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>.');
  return context;
}
