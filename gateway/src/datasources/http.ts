import http from 'node:http';
import https from 'node:https';
import axios, { type AxiosInstance, type InternalAxiosRequestConfig, isAxiosError } from 'axios';

/** Errors that say the request never reached an api: any request, POST too, may go to another. */
const NOT_REACHED = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const IDEMPOTENT = new Set(['get', 'head', 'options']);
/** How long an api that refused a connection or said it is not ready is left out. */
const LEFT_OUT_MS = 5_000;

/**
 * The apis one gateway talks to (SHOP_API_URL, one or several). Requests take them in turn; an api that
 * refuses connections, or whose readiness says it is stopping, is left out until it answers again, so
 * stopping one api (to upgrade it, say) fails no request of any gateway.
 */
export function apiPool(urls: string[]) {
  const bases = urls.map((u) => u.replace(/\/?$/, '/'));
  const leftOutUntil = new Map<string, number>();
  let turn = 0;
  const usable = (base: string) => (leftOutUntil.get(base) ?? 0) <= Date.now();
  return {
    bases,
    /** The next api in turn, among those not left out (all of them, when every one is). */
    next(tried: readonly string[] = []): string | undefined {
      const untried = bases.filter((b) => !tried.includes(b));
      const candidates = untried.filter(usable);
      const from = candidates.length > 0 ? candidates : untried;
      if (from.length === 0) return undefined;
      turn = (turn + 1) % Number.MAX_SAFE_INTEGER;
      return from[turn % from.length];
    },
    leaveOut(base: string) {
      leftOutUntil.set(base, Date.now() + LEFT_OUT_MS);
    },
    welcomeBack(base: string) {
      leftOutUntil.delete(base);
    },
  };
}

export type ApiPool = ReturnType<typeof apiPool>;

interface PooledRequest extends InternalAxiosRequestConfig {
  /** The apis this request was already sent to, when it is sent again. */
  triedApis?: string[];
}

/**
 * One axios instance for the whole process: keep-alive sockets to the apis, a request timeout, and each
 * request to the next api in turn, sent to another when the first could not be reached.
 */
export function createUpstream(urls: string[], timeoutMs: number): AxiosInstance & { pool: ApiPool; watch(): () => void } {
  const pool = apiPool(urls);
  const instance = axios.create({
    baseURL: pool.bases[0],
    timeout: timeoutMs,
    httpAgent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 64 }),
    headers: { Accept: 'application/json' },
    // Only 2xx is success; everything else goes through fromUpstream.
    validateStatus: (s) => s >= 200 && s < 300,
    maxRedirects: 0,
  });
  if (pool.bases.length > 1) {
    instance.interceptors.request.use((config: PooledRequest) => {
      if (!config.triedApis) config.baseURL = pool.next();
      return config;
    });
    instance.interceptors.response.use(undefined, async (err: unknown) => {
      if (!isAxiosError(err) || !err.config || err.response) throw err;
      const config = err.config as PooledRequest;
      const base = config.baseURL as string;
      const unreached = NOT_REACHED.has(err.code ?? '');
      // A reset with no answer may come after the api did the work: only a request safe to repeat goes again.
      const safeAgain = IDEMPOTENT.has((config.method ?? 'get').toLowerCase()) && err.code !== 'ECONNABORTED';
      if (!unreached && !safeAgain) throw err;
      if (unreached) pool.leaveOut(base);
      const triedApis = [...(config.triedApis ?? []), base];
      const next = pool.next(triedApis);
      if (!next) throw err;
      return instance.request({ ...config, baseURL: next, triedApis } as PooledRequest);
    });
  }
  return Object.assign(instance, {
    pool,
    /**
     * Asks each api's readiness every second: one that says it is stopping (503) or does not answer is
     * left out before it closes its connections. Returns the function that stops asking.
     */
    watch() {
      if (pool.bases.length < 2) return () => {};
      const timer = setInterval(() => {
        for (const base of pool.bases) {
          void fetch(new URL('ready', base), { signal: AbortSignal.timeout(1_000) }).then(
            (res) => (res.ok ? pool.welcomeBack(base) : pool.leaveOut(base)),
            () => pool.leaveOut(base),
          );
        }
      }, 1_000);
      timer.unref();
      return () => clearInterval(timer);
    },
  });
}
