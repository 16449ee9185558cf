// The CSRF token was read from a cookie any script of the shop's origin could read; it now lives only in memory.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, csrfToken, forgetCsrfToken, takeCsrfTokenFromPage } from './apollo';

afterEach(() => {
  forgetCsrfToken();
  document.head.innerHTML = '';
  document.cookie = 'digitic_staff_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const pageWith = (token: string) => {
  const meta = document.createElement('meta');
  meta.name = 'digitic-csrf';
  meta.content = token;
  document.head.append(meta);
};

describe('the session’s CSRF token', () => {
  it('is taken from the page the gateway served, and the page no longer holds it', () => {
    pageWith('from-the-page-1234567890');
    createClient();
    expect(csrfToken()).toBe('from-the-page-1234567890');
    expect(document.querySelector('meta[name="digitic-csrf"]')).toBeNull();
  });

  it('is never read from a cookie, and is forgotten on sign-out', () => {
    document.cookie = 'digitic_staff_csrf=a-cookie-a-script-wrote';
    takeCsrfTokenFromPage();
    expect(csrfToken()).toBeNull();
    pageWith('from-the-page-1234567890');
    takeCsrfTokenFromPage();
    forgetCsrfToken();
    expect(csrfToken()).toBeNull();
  });
});
