import { Toaster, toast } from 'react-hot-toast';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { TOAST_MS } from '../config/constants';
import { Footer } from './footer';
import { Header } from './header';

export function Layout() {
  return (
    <>
      <Header />
      <main id="main">
        <Outlet />
      </main>
      <Footer />
      <Toasts />
      <ScrollRestoration />
    </>
  );
}

/** Top-right, 5 s, light; hovering pauses; a click closes one (spec §2). */
export function Toasts() {
  return (
    <Toaster position="top-right" toastOptions={{ duration: TOAST_MS, className: 'toast' }}>
      {(t) => (
        <div
          role="status"
          className={`toast-item${t.visible ? '' : ' leaving'}`}
          onClick={() => toast.dismiss(t.id)}
          style={{ opacity: t.visible ? 1 : 0 }}
        >
          {typeof t.message === 'function' ? t.message(t) : t.message}
        </div>
      )}
    </Toaster>
  );
}
