import { useSyncExternalStore } from 'react';

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

// Same limits as shadcn/ui's use-toast (SPEC section 9): one toast at a time; a dismissed toast's
// data is kept this long so its exit animation never loses its content.
const TOAST_LIMIT = 1;
const TOAST_REMOVE_DELAY = 1_000_000;

let toasts: readonly ToastItem[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: readonly ToastItem[]): void {
  for (const [id, timer] of removalTimers) {
    if (!next.some((item) => item.id === id)) {
      clearTimeout(timer);
      removalTimers.delete(id);
    }
  }
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removalTimers.has(id)) return;
  const timer = setTimeout(() => {
    removalTimers.delete(id);
    setToasts(toasts.filter((item) => item.id !== id));
  }, TOAST_REMOVE_DELAY);
  removalTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  const closing = toasts.filter((item) => id === undefined || item.id === id);
  closing.forEach((item) => scheduleRemoval(item.id));
  setToasts(toasts.map((item) => (closing.includes(item) ? { ...item, open: false } : item)));
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  nextId += 1;
  const id = String(nextId);
  setToasts([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useToasts(): readonly ToastItem[] {
  return useSyncExternalStore(subscribe, () => toasts, () => toasts);
}
