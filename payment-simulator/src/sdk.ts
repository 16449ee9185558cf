/**
 * Points a `razorpay` SDK client at another host (the simulator). The SDK has no public base-URL
 * option; its axios instance is `api.rq`. The SDK's version is pinned, and tests fail if this moves.
 */
export function pointRazorpayAt(client: object, baseUrl: string, timeoutMs = 10_000): void {
  const rq = (client as { api?: { rq?: { defaults?: { baseURL?: string; timeout?: number } } } }).api?.rq;
  if (!rq?.defaults) throw new Error('The razorpay SDK no longer exposes api.rq; update pointRazorpayAt');
  rq.defaults.baseURL = baseUrl.replace(/\/$/, '');
  rq.defaults.timeout = timeoutMs;
}
