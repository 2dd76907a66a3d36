import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from 'react';
import './toast.css';

/** The spec's toast limits. */
export const TOAST_DURATION_MS = 3000;
export const MAX_TOASTS = 2;

interface ToastItem {
  id: number;
  message: string;
  /** Times the same message was shown again while visible: each one replays a short pulse. */
  repeats: number;
}

type ShowToast = (message: string) => void;

const ToastContext = createContext<ShowToast | null>(null);
const DismissContext = createContext<((message: string) => void) | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  // the visible toasts, read synchronously by show() (two calls in one tick must see each other)
  const visible = useRef<ToastItem[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const update = useCallback((next: ToastItem[]) => {
    visible.current = next;
    setToasts(next);
  }, []);

  const forget = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      forget(id);
      update(visible.current.filter((toast) => toast.id !== id));
    },
    [forget, update],
  );

  const schedule = useCallback(
    (id: number) => {
      forget(id);
      timers.current.set(
        id,
        setTimeout(() => dismiss(id), TOAST_DURATION_MS),
      );
    },
    [forget, dismiss],
  );

  const show = useCallback<ShowToast>(
    (message) => {
      const same = visible.current.find((toast) => toast.message === message);
      if (same) {
        // the same text is not stacked: the visible one stays its full time again
        schedule(same.id);
        update(
          visible.current.map((toast) => (toast === same ? { ...toast, repeats: toast.repeats + 1 } : toast)),
        );
        return;
      }
      const id = nextId.current++;
      const next = [...visible.current, { id, message, repeats: 0 }];
      // the oldest toast makes room when a third arrives
      for (const dropped of next.slice(0, -MAX_TOASTS)) forget(dropped.id);
      update(next.slice(-MAX_TOASTS));
      schedule(id);
    },
    [forget, schedule, update],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  // a toast whose message no longer holds (the field it complained about was fixed) goes at once
  const dismissMessage = useCallback(
    (message: string) => {
      for (const toast of visible.current.filter((t) => t.message === message)) dismiss(toast.id);
    },
    [dismiss],
  );

  return (
    <ToastContext.Provider value={show}>
      <DismissContext.Provider value={dismissMessage}>{children}</DismissContext.Provider>
      <div className="toast-region bottom-element" role="status" aria-live="polite">
        {toasts.map((toast) => (
          <div
            key={toast.id}
            className={`toast${toast.repeats === 0 ? '' : toast.repeats % 2 === 1 ? ' toast--again' : ' toast--again-2'}`}
          >
            {toast.message}
          </div>
        ))}
      </div>
    </ToastContext.Provider>
  );
}

/** showToast('Error obteniendo coordenadas'): bottom-centre, 3000 ms, at most 2 at once, never twice. */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider');
  return show;
}

/** Takes a toast away before its time, by its message (an error the diner has fixed meanwhile). */
export function useDismissToast(): (message: string) => void {
  const dismiss = useContext(DismissContext);
  if (!dismiss) throw new Error('useDismissToast needs a ToastProvider');
  return dismiss;
}
