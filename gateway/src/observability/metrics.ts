import type { ApolloServerPlugin } from '@apollo/server';
import type { AxiosInstance, InternalAxiosRequestConfig } from 'axios';
import { createHttpMetrics, DURATION_BUCKETS as BUCKETS } from '@digitic/server-kit';
import { Counter, Histogram } from 'prom-client';

/** Operation names come from clients: past this many distinct ones, the rest count as "other". */
const MAX_OPERATION_NAMES = 200;
/** The most upstream route patterns counted apart (the api has a few dozen routes). */
const MAX_UPSTREAM_ROUTES = 200;

/** A label's values as they come, up to `max` distinct ones; any value past them is "other" (a bounded label set). */
function bounded(max: number) {
  const seen = new Set<string>();
  return (value: string) => {
    if (seen.has(value)) return value;
    if (seen.size >= max) return 'other';
    seen.add(value);
    return value;
  };
}

/**
 * Ids and tokens in REST paths become placeholders, so a label never holds them; and since a client's
 * argument can still shape a path (an id of letters), a bounded number of patterns is kept, the rest 'other'.
 */
const masked = (url: string | undefined) =>
  (url ?? '')
    .split('?')[0]
    ?.split('/')
    .map((s) => (/^[0-9a-f-]{20,}$/i.test(s) || /\d/.test(s) || s.length > 24 ? ':x' : s))
    .join('/')
    .replace(/\/$/, '') ?? '';

/** The gateway's Prometheus metrics, in a registry of its own. */
export function createGatewayMetrics() {
  const { registry, observeRequest } = createHttpMetrics('gateway');
  /** A counter (and below, a histogram) of this registry: its name, its labels, and what it counts. */
  const counter = <L extends string>(name: string, labelNames: readonly L[], help: string) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const histogram = <L extends string>(name: string, labelNames: readonly L[], help: string) =>
    new Histogram({ name, help, labelNames, buckets: BUCKETS, registers: [registry] });
  const operations = counter(
    'graphql_operations_total',
    ['operation', 'type', 'outcome'],
    'GraphQL operations by name, type and outcome (ok or the first error code)',
  );
  const operationDuration = histogram('graphql_operation_duration_seconds', ['operation'], 'GraphQL operation duration by name');
  const upstream = counter(
    'upstream_requests_total',
    ['method', 'route', 'status'],
    'Calls to the REST api by method, path pattern and status (0 when no answer came)',
  );
  const upstreamDuration = histogram(
    'upstream_request_duration_seconds',
    ['method', 'route'],
    'Duration of calls to the REST api by method and path pattern',
  );
  const cache = counter(
    'response_cache_total',
    ['kind', 'result'],
    'Whole-response cache lookups of guest operations and pages, by kind and result',
  );
  const operationName = bounded(MAX_OPERATION_NAMES);
  const operationLabel = (name: string | null | undefined) => operationName(name ?? 'anonymous');
  const routePattern = bounded(MAX_UPSTREAM_ROUTES);
  const pattern = (url: string | undefined) => routePattern(masked(url));

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
