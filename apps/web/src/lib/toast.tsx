import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';

export type ToastTone = 'success' | 'warning' | 'error' | 'info';

export interface ToastOptions {
  title: string;
  message?: string;
  tone?: ToastTone;
}

const LOOK = {
  success: { color: 'green', Icon: IconCheck },
  /** Done, but with something to look at (a clash, a defect). */
  warning: { color: 'orange', Icon: IconAlertTriangle },
  error: { color: 'red', Icon: IconAlertTriangle },
  info: { color: 'brand', Icon: IconInfoCircle },
} as const;

/**
 * One toast at a time (spec 1 §9): a new toast replaces the one on screen instead of queueing
 * behind it. Toasts are announced (role="alert") and close after the default 5 s.
 */
export function showToast({ title, message, tone = 'info' }: ToastOptions): void {
  const { color, Icon } = LOOK[tone];
  notifications.clean();
  notifications.show({
    ...(message ? { title, message } : { message: title }),
    color,
    icon: <Icon size={18} aria-hidden="true" />,
    // Focusable, so that F8 (spec 1 §9) can move the keyboard to it.
    tabIndex: -1,
    'data-testid': 'toast',
    'data-tone': tone,
  });
}

/** F8 moves focus to the toast on screen (spec 1 §9: toast region focus hotkey). */
export function focusToast(): void {
  const toasts = document.querySelectorAll<HTMLElement>('[data-testid="toast"]');
  toasts[toasts.length - 1]?.focus();
}
