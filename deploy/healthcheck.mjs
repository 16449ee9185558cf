// The container's health check: HEALTHCHECK_URL answers 2xx within 2 s (gateway /health, api /api/health).
const url = process.env.HEALTHCHECK_URL ?? 'http://127.0.0.1:4000/health';
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
