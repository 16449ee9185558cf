import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NGINX_CONF, render, wrap } from '../support/nginx';

// start:cluster and the several-instance tests run nginx with deploy/nginx.conf's server block: the
// template step may change only what names Docker's network, nothing else of what production runs.

const conf = readFileSync(NGINX_CONF, 'utf8');
const rendered = render(conf, { listen: '127.0.0.1:4000', gateways: ['127.0.0.1:4105', '127.0.0.1:4108'] });

describe('the nginx template step', () => {
  it('points the upstream at the local gateways with the same parameters, less resolve', () => {
    expect(rendered).toContain(
      '    server 127.0.0.1:4105 max_fails=2 fail_timeout=10s;\n    server 127.0.0.1:4108 max_fails=2 fail_timeout=10s;\n',
    );
    expect(rendered).not.toMatch(/gateway\d:4000/);
    expect(rendered.replace(/#.*$/gm, '')).not.toMatch(/\bresolve(r)?\b/);
    expect(rendered).toContain('listen 127.0.0.1:4000;');
  });

  it('changes no other line of deploy/nginx.conf', () => {
    const changed = /^\s*(server\s+gateway\d+:|resolver\s|listen\s+80;)/;
    const kept = conf.split('\n').filter((l) => !changed.test(l));
    const out = rendered.split('\n').filter((l) => !/^\s*(server\s+127\.0\.0\.1:|listen\s+127\.0\.0\.1:)/.test(l));
    expect(out).toEqual(kept);
  });

  it('says which line it could not find rather than run something else', () => {
    expect(() => render(conf.replace(/listen 80;/, 'listen 8080;'), { listen: 'x', gateways: ['y'] })).toThrow(/listen 80/);
    expect(() => render(conf.replace(/server gateway\d:4000[^\n]*\n/g, ''), { listen: 'x', gateways: ['y'] })).toThrow(/server gatewayN/);
  });

  it('wraps the block in a configuration of nginx’s own, its files in one folder', () => {
    const whole = wrap(rendered, '/tmp/x');
    expect(whole).toMatch(/^worker_processes 1;\npid \/tmp\/x\/nginx.pid;/);
    expect(whole).toContain('proxy_temp_path /tmp/x/proxy_temp;');
    expect(whole.trimEnd().endsWith('}')).toBe(true);
  });
});
