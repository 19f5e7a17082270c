import { useEffect } from 'react';
import { ToastContainer, toast } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS, on } from '@backlay/shared';

/** The only place toasts are shown: it turns `ui.notify` bus events into react-toastify toasts. */
export function ToastHost() {
  useEffect(() => {
    const sub = on('ui.notify').subscribe(({ kind, message }) => {
      toast[kind](message);
    });
    return () => sub.unsubscribe();
  }, []);
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
