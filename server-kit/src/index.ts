// What every server of the shop shares: the same logger, request ids and lines, /metrics, drain and settings parsing.
export { createLogger, maskPath, type RequestRecord, requestLog, UNMATCHED_ROUTE } from './log.js';
export { createHttpMetrics, DURATION_BUCKETS, metricsEndpoint } from './metrics.js';
export { requestId, requestIdFrom } from './request-id.js';
export { drainServer, keepIdleConnections } from './drain.js';
export { commonSettings, ConfigError, emptyAsUndefined, optionalSecret, optionalString, parseSettings, port } from './env.js';
export { listen, listenFailure } from './listen.js';
export { bearerToken, sameSecret } from './secrets.js';
