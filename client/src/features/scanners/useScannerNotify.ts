import { useState } from 'react';
import { storedKey, writeStored } from '../../state/stored-value';
import { useToasts } from '../../state/toasts';
import {
  NOTIFY_KEYS,
  parseNotifySettings,
  serialiseNotifySettings,
  type NotifyKind,
  type NotifySettings,
} from './scanner-notify';

/** The browser's permission for notifications ('unsupported' without the API). */
export const notificationPermission = (): NotificationPermission | 'unsupported' =>
  'Notification' in window ? Notification.permission : 'unsupported';

function readNotify(kind: NotifyKind): NotifySettings {
  const key = NOTIFY_KEYS[kind];
  try {
    return parseNotifySettings(kind, window.localStorage.getItem(key), notificationPermission() === 'granted');
  } catch {
    // A corrupt stored value is dropped so the defaults apply.
    window.localStorage.removeItem(key);
    return parseNotifySettings(kind, null, false);
  }
}

/**
 * A scanner's browser-notification setting (spec 001 §5), kept in this browser: turning it on asks for the
 * browser's permission first, and says so when the browser refuses or has no notifications.
 */
export function useScannerNotify(kind: NotifyKind) {
  const { show } = useToasts();
  const [notify, setNotify] = useState<NotifySettings>(() => readNotify(kind));
  const [notifyRaw, setNotifyRaw] = useState(() => String(notify.threshold));

  const saveNotify = (next: NotifySettings) => {
    setNotify(next);
    writeStored(storedKey(NOTIFY_KEYS[kind], 'preference'), serialiseNotifySettings(kind, next));
  };
  const toggleNotify = async (on: boolean) => {
    if (on && notificationPermission() === 'unsupported') {
      show('warning', 'This browser does not support notifications');
      return;
    }
    if (on && notificationPermission() !== 'granted') {
      const answer = await Notification.requestPermission();
      if (answer !== 'granted') {
        show('warning', 'Browser notifications are blocked for this site');
        return;
      }
    }
    saveNotify({ ...notify, on });
  };
  return { notify, notifyRaw, setNotifyRaw, saveNotify, toggleNotify };
}

export type ScannerNotify = ReturnType<typeof useScannerNotify>;
