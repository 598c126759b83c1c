import type * as React from 'react';
import { useSyncExternalStore } from 'react';
import type { ToastActionElement, ToastProps } from '@/components/ui/toast';
import { errorMessage } from '@/lib/apiError';
import { TOAST_LIMIT } from '../../shared/constants';

/*
 * The shadcn/ui toast store: a small reducer outside React, so `toast()` can be called from
 * anywhere (mutation callbacks, plain functions), and `useToast()` subscribes to it.
 * spec §4: at most TOAST_LIMIT (1) toasts are kept, so a new toast replaces the current one.
 * Auto-dismissal after TOAST_DURATION_MS is Radix's job (duration on the provider): it closes the
 * toast, which dismisses it here; Radix unmounts it once the exit animation has ended, and the
 * store forgets it TOAST_REMOVE_DELAY_MS later.
 */

/** How long a dismissed toast stays in the store: longer than any exit animation. */
const TOAST_REMOVE_DELAY_MS = 1000;

export type ToasterToast = ToastProps & {
  id: string;
  title?: React.ReactNode;
  description?: React.ReactNode;
  action?: ToastActionElement;
};

type State = { toasts: ToasterToast[] };

type Action =
  | { type: 'ADD_TOAST'; toast: ToasterToast }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToasterToast> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

export function reducer(state: State, action: Action): State {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

let count = 0;
function genId() {
  count = (count + 1) % Number.MAX_SAFE_INTEGER;
  return count.toString();
}

const removeTimeouts = new Map<string, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();
let memoryState: State = { toasts: [] };

function scheduleRemoval(toastId: string) {
  if (removeTimeouts.has(toastId)) return;
  removeTimeouts.set(
    toastId,
    setTimeout(() => {
      removeTimeouts.delete(toastId);
      dispatch({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY_MS),
  );
}

function dispatch(action: Action) {
  if (action.type === 'DISMISS_TOAST') {
    for (const t of memoryState.toasts) {
      if (action.toastId === undefined || t.id === action.toastId) scheduleRemoval(t.id);
    }
  }
  memoryState = reducer(memoryState, action);
  // Toasts pushed out by the limit are gone already; drop their pending removals.
  for (const [id, timeout] of removeTimeouts) {
    if (!memoryState.toasts.some((t) => t.id === id)) {
      clearTimeout(timeout);
      removeTimeouts.delete(id);
    }
  }
  for (const listener of listeners) listener();
}

export type ToastOptions = Omit<ToasterToast, 'id'>;

/** Shows a toast (replacing the one on screen); returns handles to dismiss or update it. */
export function toast(options: ToastOptions) {
  const id = genId();
  const update = (next: Partial<ToastOptions>) =>
    dispatch({ type: 'UPDATE_TOAST', toast: { ...next, id } });
  const dismiss = () => dispatch({ type: 'DISMISS_TOAST', toastId: id });

  dispatch({
    type: 'ADD_TOAST',
    toast: {
      ...options,
      id,
      open: true,
      onOpenChange: (open) => {
        options.onOpenChange?.(open);
        if (!open) dismiss();
      },
    },
  });

  return { id, dismiss, update };
}

/** Dismisses one toast, or every toast when no id is given. */
export function dismissToast(toastId?: string) {
  dispatch({ type: 'DISMISS_TOAST', toastId });
}

/** Forgets every toast at once, without an exit animation (tests, signing out). */
export function clearToasts() {
  dispatch({ type: 'REMOVE_TOAST' });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function getSnapshot() {
  return memoryState;
}

export function useToast() {
  const state = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return { ...state, toast, dismiss: dismissToast };
}

/** A write's `onError`: a red toast titled `title`, saying why it failed (or to try again). */
export const toastFailure = (title: string) => (failure: unknown) =>
  toast({ title, description: errorMessage(failure, 'Please try again.'), variant: 'destructive' });
