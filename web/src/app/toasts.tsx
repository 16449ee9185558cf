import { useEffect, useState, type CSSProperties } from 'react';
import { toast, useToaster } from 'react-hot-toast/headless';
import { TOAST_MS } from '../config/constants';

/**
 * Light, 5 s; hovering or leaving the window pauses them; a click closes one (spec §2). Top-right as the spec
 * has it, below the header so its cart and menu stay in reach; on a phone, along the bottom (footer.css).
 */
export default function Toasts() {
  const { toasts, handlers } = useToaster({ duration: TOAST_MS });
  const { startPause, endPause } = handlers;
  const headerBottom = useHeaderBottom();
  useEffect(() => {
    window.addEventListener('blur', startPause);
    window.addEventListener('focus', endPause);
    return () => {
      window.removeEventListener('blur', startPause);
      window.removeEventListener('focus', endPause);
    };
  }, [startPause, endPause]);
  return (
    <div
      className="toaster"
      style={headerBottom === undefined ? undefined : ({ '--header-bottom': `${headerBottom}px` } as CSSProperties)}
      onMouseEnter={startPause}
      onMouseLeave={endPause}
    >
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

/** Where the page's header ends: its height changes with the width, with what wraps in it and with its menu open. */
function useHeaderBottom() {
  const [bottom, setBottom] = useState<number>();
  useEffect(() => {
    const header = document.querySelector('.site-header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setBottom(Math.ceil(header.getBoundingClientRect().bottom + window.scrollY)));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return bottom;
}
