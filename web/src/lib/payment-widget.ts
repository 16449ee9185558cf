// The payment provider's widget (Razorpay's checkout.js, or the offline simulator's, which has the same API).

export interface WidgetOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
  theme: { color: string };
}

export interface PaidResponse {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

interface RazorpayInstance {
  open(): void;
  on(event: 'payment.failed', cb: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (
  options: WidgetOptions & { handler: (r: PaidResponse) => void; modal: { ondismiss: () => void } },
) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

const loading = new Map<string, Promise<boolean>>();

/** Loads the widget's script on demand, once; false when it cannot be loaded. */
export function loadScript(src: string): Promise<boolean> {
  if (window.Razorpay) return Promise.resolve(true);
  const pending =
    loading.get(src) ??
    new Promise<boolean>((resolve) => {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve(Boolean(window.Razorpay));
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        resolve(false);
      };
      document.body.appendChild(script);
    });
  loading.set(src, pending);
  return pending;
}

export interface WidgetCallbacks {
  onPaid: (response: PaidResponse) => void;
  onFailed: (message: string) => void;
  onDismiss: () => void;
}

export function openWidget(options: WidgetOptions, callbacks: WidgetCallbacks): void {
  const Razorpay = window.Razorpay;
  if (!Razorpay) throw new Error('The payment widget is not loaded');
  const widget = new Razorpay({ ...options, handler: callbacks.onPaid, modal: { ondismiss: callbacks.onDismiss } });
  widget.on('payment.failed', (r) => callbacks.onFailed(r.error?.description ?? 'The payment failed'));
  widget.open();
}
