import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { GraphQLError } from 'graphql';
import type { ErrorCode } from '../__generated__/resolvers-types.js';
import { fromUpstream } from '../errors.js';

/**
 * A client's value as one path segment of an api URL. Escaping keeps `/`, `\\`, `?` and `#` inside it, but
 * a segment that is `.` or `..` (or empty) would be resolved by the URL parser into another path of the
 * api: such an id cannot name anything, so it is answered as not found without a call.
 */
export function segment(value: string, what: string): string {
  if (value === '' || value === '.' || value === '..') {
    throw new GraphQLError(`${what} not found`, { extensions: { code: 'NOT_FOUND' satisfies ErrorCode } });
  }
  return encodeURIComponent(value);
}

/** The answer, or null when the api says there is no such record. */
export async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (err) {
    if ((err as { extensions?: { code?: string } }).extensions?.code === ('NOT_FOUND' satisfies ErrorCode)) return null;
    throw err;
  }
}

/**
 * The REST api as one request sees it: the caller's token, the request id and the client's address forwarded
 * (the api counts its per-address limits by it: contact messages, coupon codes), every failure translated once
 * (errors.ts). The data sources of each domain call through it.
 */
export class Upstream {
  constructor(
    private readonly http: AxiosInstance,
    private readonly token: string | null,
    private readonly requestId: string,
    /** Null for the gateway's own calls (server rendering): the api then counts nobody's address. */
    private readonly clientIp: string | null = null,
  ) {}

  get signedIn(): boolean {
    return this.token !== null;
  }

  async call<T>(config: AxiosRequestConfig): Promise<{ data: T; headers: Record<string, unknown> }> {
    try {
      const res = await this.http.request<T>({
        ...config,
        headers: {
          'X-Request-Id': this.requestId,
          ...(this.clientIp ? { 'X-Forwarded-For': this.clientIp } : {}),
          ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
          ...config.headers,
        },
      });
      return { data: res.data, headers: res.headers };
    } catch (err) {
      throw fromUpstream(err);
    }
  }

  async data<T>(config: AxiosRequestConfig): Promise<T> {
    return (await this.call<T>(config)).data;
  }

  get = <T>(url: string, params?: Record<string, unknown>) => this.data<T>({ url, params });
  send = <T, B = undefined>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: B, params?: Record<string, unknown>) =>
    this.data<T>({ url, method, data: body, params });
}
