import { requestIdFrom } from '@digitic/server-kit';
import type { AxiosInstance } from 'axios';
import type { GatewayConfig } from './config/env.js';
import { type ShopApis, shopApis } from './datasources/index.js';
import type { AuthThrottle } from './security/throttle.js';
import type { ShopDetailsSource } from './shop-details.js';

export interface GatewayContext {
  api: ShopApis;
  token: string | null;
  /** The subject of the bearer token, read without verifying it: only ever used to name data the api returned for that token. */
  customerId: string | null;
  requestId: string;
  config: GatewayConfig;
  /** The shop's own details as the owner saved them over the defaults. */
  shop: ShopDetailsSource;
  /** The caller's address (the socket's, or the one a trusted proxy named): the key of per-client limits. */
  clientIp: string;
  throttle: AuthThrottle;
  /** What the request's log line should say of this operation (its name, type, error code). */
  requestFields?: Record<string, unknown>;
}

function bearer(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

function subjectOf(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const sub: unknown = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: unknown }).sub;
    return typeof sub === 'string' ? sub : null;
  } catch {
    return null;
  }
}

export function makeContext(deps: { http: AxiosInstance; config: GatewayConfig; throttle: AuthThrottle; shop: ShopDetailsSource }) {
  return (headers: {
    authorization?: string;
    requestId?: string;
    clientIp?: string;
    requestFields?: Record<string, unknown>;
  }): GatewayContext => {
    const token = bearer(headers.authorization);
    const requestId = requestIdFrom(headers.requestId);
    return {
      api: shopApis(deps.http, token, requestId, headers.clientIp && headers.clientIp !== 'server' ? headers.clientIp : null),
      token,
      customerId: subjectOf(token),
      requestId,
      config: deps.config,
      shop: deps.shop,
      clientIp: headers.clientIp ?? 'server',
      requestFields: headers.requestFields,
      throttle: deps.throttle,
    };
  };
}
