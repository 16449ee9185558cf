// What the gateway shares with the api: the same logger, request lines and /metrics endpoint.
export { createLogger, maskPath, type RequestRecord, requestLog } from './log.js';
export { metricsEndpoint } from './metrics.js';
export { drainServer } from './drain.js';
export { requestId } from '../http/errors.js';
