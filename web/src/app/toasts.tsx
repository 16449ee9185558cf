import { useEffect } from 'react';
import { toast, useToaster } from 'react-hot-toast/headless';
import { TOAST_MS } from '../config/constants';

/** Top-right, light, 5 s; hovering or leaving the window pauses them; a click closes one (spec §2). */
export default function Toasts() {
  const { toasts, handlers } = useToaster({ duration: TOAST_MS });
  const { startPause, endPause } = handlers;
  useEffect(() => {
    window.addEventListener('blur', startPause);
    window.addEventListener('focus', endPause);
    return () => {
      window.removeEventListener('blur', startPause);
      window.removeEventListener('focus', endPause);
    };
  }, [startPause, endPause]);
  return (
    <div className="toaster" onMouseEnter={startPause} onMouseLeave={endPause}>
      {toasts
        .filter((t) => t.visible)
        .map((t) => (
          <div
            key={t.id}
            {...t.ariaProps}
            role={t.type === 'error' ? 'alert' : 'status'}
            className={`toast-item toast-${t.type}`}
            onClick={() => toast.dismiss(t.id)}
          >
            {typeof t.message === 'function' ? t.message(t) : t.message}
          </div>
        ))}
    </div>
  );
}
