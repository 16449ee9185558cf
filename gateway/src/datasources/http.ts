import http from 'node:http';
import https from 'node:https';
import axios, { type AxiosInstance } from 'axios';

/** One axios instance for the whole process: keep-alive sockets to the api and a request timeout. */
export function createUpstream(baseURL: string, timeoutMs: number): AxiosInstance {
  return axios.create({
    baseURL: baseURL.replace(/\/?$/, '/'),
    timeout: timeoutMs,
    httpAgent: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    httpsAgent: new https.Agent({ keepAlive: true, maxSockets: 64 }),
    headers: { Accept: 'application/json' },
    // Only 2xx is success; everything else goes through fromUpstream.
    validateStatus: (s) => s >= 200 && s < 300,
    maxRedirects: 0,
  });
}
