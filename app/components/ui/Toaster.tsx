import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from '@/components/ui/toast';
import { useToast } from '@/hooks/useToast';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from '../../../shared/constants';

/**
 * Renders the toasts from the store (spec §4): at most one at a time, closed after
 * TOAST_DURATION_MS, swiped away to the right past TOAST_SWIPE_THRESHOLD_PX, and F8 moves focus
 * to the notification region. Mount it once, near the root.
 */
export function Toaster() {
  const { toasts } = useToast();

  return (
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
    >
      {toasts.map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  );
}
