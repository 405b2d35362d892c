import { useAtom, useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { authAtom } from '../state/auth';
import { accessibilityAtom, accessibilityClasses, debugAtom } from '../state/preferences-local';
import { connectionStateAtom } from '../realtime/connection-state';
import { usePlan } from '../state/session-state';

/** Puts the accessibility classes on <html> and keeps them in step with the settings. */
export function AccessibilityClasses() {
  const settings = useAtomValue(accessibilityAtom);
  useEffect(() => {
    const classes = accessibilityClasses(settings);
    document.documentElement.classList.add(...classes);
    return () => document.documentElement.classList.remove(...classes);
  }, [settings]);
  return null;
}

/** Ctrl+Shift+D toggles the debug flag (spec 000 §2); when on, a corner panel shows the shell's state. */
export function DebugPanel() {
  const [debug, setDebug] = useAtom(debugAtom);
  const auth = useAtomValue(authAtom);
  const plan = usePlan();
  const socket = useAtomValue(connectionStateAtom);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.shiftKey && event.key.toLowerCase() === 'd') {
        event.preventDefault();
        setDebug(!debug);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [debug, setDebug]);
  if (!debug) return null;
  return (
    <aside className="debug-panel" data-testid="debug-panel" aria-label="Debug">
      <strong>Debug</strong>
      <span>auth: {auth.status}</span>
      <span>
        plan: {plan.status === 'ready' ? `${plan.info.plan}${plan.info.unlimited ? ' (unlimited)' : ''}` : 'loading'}
      </span>
      {plan.status === 'ready' && plan.info.limit !== null && (
        <span>
          calls: {plan.info.used}/{plan.info.limit}
        </span>
      )}
      <span>socket: {socket}</span>
    </aside>
  );
}
