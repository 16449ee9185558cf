import type { ApolloServerPlugin } from '@apollo/server';
import type { AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { createHttpMetrics, DURATION_BUCKETS as BUCKETS } from '@digitic/server-kit';
import { Counter, Histogram } from 'prom-client';

/** Operation names come from clients: past this many distinct ones, the rest count as "other". */
/** The most upstream route patterns counted apart (the api has a few dozen routes). */
const MAX_UPSTREAM_ROUTES = 200;
const MAX_OPERATION_NAMES = 200;

/** The gateway's Prometheus metrics, in a registry of its own. */
export function createGatewayMetrics() {
  const { registry, observeRequest } = createHttpMetrics('gateway');
  const operations = new Counter({
    name: 'graphql_operations_total',
    help: 'GraphQL operations by name, type and outcome (ok or the first error code)',
    labelNames: ['operation', 'type', 'outcome'],
    registers: [registry],
  });
  const operationDuration = new Histogram({
    name: 'graphql_operation_duration_seconds',
    help: 'GraphQL operation duration by name',
    labelNames: ['operation'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const upstream = new Counter({
    name: 'upstream_requests_total',
    help: 'Calls to the REST api by method, path pattern and status (0 when no answer came)',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const upstreamDuration = new Histogram({
    name: 'upstream_request_duration_seconds',
    help: 'Duration of calls to the REST api by method and path pattern',
    labelNames: ['method', 'route'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const cache = new Counter({
    name: 'response_cache_total',
    help: 'Whole-response cache lookups of guest operations and pages, by kind and result',
    labelNames: ['kind', 'result'],
    registers: [registry],
  });
  const names = new Set<string>();
  const operationLabel = (name: string | null | undefined) => {
    const n = name ?? 'anonymous';
    if (names.has(n)) return n;
    if (names.size >= MAX_OPERATION_NAMES) return 'other';
    names.add(n);
    return n;
  };

  /**
   * Ids and tokens in REST paths become placeholders, so a label never holds them; and since a client's
   * argument can still shape a path (an id of letters), a bounded number of patterns is kept, the rest 'other'.
   */
  const patterns = new Set<string>();
  const pattern = (url: string | undefined) => {
    const p = masked(url);
    if (patterns.has(p)) return p;
    if (patterns.size >= MAX_UPSTREAM_ROUTES) return 'other';
    patterns.add(p);
    return p;
  };
  const masked = (url: string | undefined) =>
    (url ?? '')
      .split('?')[0]
      ?.split('/')
      .map((s) => (/^[0-9a-f-]{20,}$/i.test(s) || /\d/.test(s) || s.length > 24 ? ':x' : s))
      .join('/')
      .replace(/\/$/, '') ?? '';

  return {
    registry,
    observeRequest,
    cacheLookup(kind: 'graphql' | 'page', hit: boolean) {
      cache.inc({ kind, result: hit ? 'hit' : 'miss' });
    },
    /** Times and counts every call of one axios instance. */
    instrument(http: AxiosInstance) {
      type Timed = InternalAxiosRequestConfig & { startedAt?: number };
      http.interceptors.request.use((config: Timed) => {
        config.startedAt = performance.now();
        return config;
      });
      const record = (config: Timed | undefined, status: number) => {
        if (!config) return;
        const labels = { method: (config.method ?? 'get').toUpperCase(), route: pattern(config.url) };
        upstream.inc({ ...labels, status: String(status) });
        if (config.startedAt !== undefined) upstreamDuration.observe(labels, (performance.now() - config.startedAt) / 1000);
      };
      http.interceptors.response.use(
        (res) => {
          record(res.config, res.status);
          return res;
        },
        (err: unknown) => {
          const failed = err as { config?: Timed; response?: { status: number } } | null;
          record(failed?.config, failed?.response?.status ?? 0);
          return Promise.reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    },
    /** Counts and times operations; notes the operation's name for the request's log line. */
    plugin<T extends { requestFields?: Record<string, unknown> }>(): ApolloServerPlugin<T> {
      return {
        async requestDidStart() {
          const started = performance.now();
          let name: string | null | undefined;
          let type = 'unknown';
          return {
            async didResolveOperation({ operation, operationName, contextValue }) {
              name = operationName ?? operation?.name?.value;
              type = operation?.operation ?? 'unknown';
              if (contextValue.requestFields) {
                contextValue.requestFields.operation = name ?? 'anonymous';
                contextValue.requestFields.operationType = type;
              }
            },
            async willSendResponse({ response, errors, contextValue }) {
              const label = operationLabel(name);
              const code = errors?.[0]?.extensions?.code;
              const outcome = errors && errors.length > 0 ? (typeof code === 'string' ? code : 'ERROR') : 'ok';
              operations.inc({ operation: label, type, outcome });
              operationDuration.observe({ operation: label }, (performance.now() - started) / 1000);
              if (type === 'query') cache.inc({ kind: 'graphql', result: response.http.headers.get('age') !== undefined ? 'hit' : 'miss' });
              if (contextValue.requestFields && outcome !== 'ok') contextValue.requestFields.errors = outcome;
            },
          };
        },
      };
    },
  };
}

export type GatewayMetrics = ReturnType<typeof createGatewayMetrics>;
