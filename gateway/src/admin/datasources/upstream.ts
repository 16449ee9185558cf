import type { AxiosInstance, AxiosRequestConfig } from 'axios';
import { fromUpstream } from '../../errors.js';

/** The caller's staff session (its cookie) and the CSRF token their page sent. */
export interface StaffSession {
  token: string | null;
  csrf: string | null;
}

/** What the api is told of the request: its id, the client's address (sign-in limits, the audit trail) and browser. */
export interface StaffRequest {
  requestId: string;
  clientIp: string;
  userAgent: string | null;
}

/**
 * The api's staff routes (/api/admin/…) as one request of the back office sees them: the caller's staff session
 * and CSRF token forwarded, with the request id, the client's address and browser; every failure translated once
 * (errors.ts). The desks' data sources call through it.
 */
export class StaffUpstream {
  constructor(
    private readonly http: AxiosInstance,
    private readonly session: StaffSession,
    private readonly request: StaffRequest,
  ) {}

  get signedIn(): boolean {
    return this.session.token !== null;
  }

  async data<T>(config: AxiosRequestConfig): Promise<T> {
    try {
      const res = await this.http.request<T>({
        ...config,
        headers: {
          ...(config.headers as Record<string, string> | undefined),
          'X-Request-Id': this.request.requestId,
          // The api counts sign-in failures per address and writes it in the audit trail.
          'X-Forwarded-For': this.request.clientIp,
          ...(this.request.userAgent ? { 'User-Agent': this.request.userAgent.slice(0, 300) } : {}),
          ...(this.session.token ? { Authorization: `Staff ${this.session.token}` } : {}),
          ...(this.session.csrf ? { 'X-CSRF-Token': this.session.csrf } : {}),
        },
      });
      return res.data;
    } catch (err) {
      throw fromUpstream(err);
    }
  }

  /** A read, its query typed by the route's (rest-contract). */
  get = <T, Q extends object = never>(url: string, params?: Q) => this.data<T>({ url, params });
  /** A write, its body typed by the route's (rest-contract). */
  send = <T, B = undefined>(method: 'POST' | 'PUT' | 'DELETE', url: string, body?: B) => this.data<T>({ url, method, data: body });
}
