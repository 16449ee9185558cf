import { createHash } from 'node:crypto';

/**
 * Taps made before the app starts (issue #38). A server-rendered page shows long before its scripts have
 * arrived on a slow phone; until then a tap on a button would do nothing. This script, inline in every
 * page's head, keeps each such tap: the button is marked busy at once (aria-busy), the tap is kept, the app
 * is told to start now rather than after the pictures (the "digitic:tap" event, src/main.tsx), and once the
 * app is live it carries the taps out (web/src/lib/app-live.ts). Links and GET forms work before the app by
 * themselves and are left alone; from the moment React listens (window.__appListening), it answers taps itself.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var d=document,q=window.__earlyTaps=[];d.addEventListener("click",function(e){' +
  'if(window.__appListening)return;var t=e.target,b=t&&t.closest&&t.closest("button");' +
  'if(!b||b.disabled||(b.type==="submit"&&b.form&&b.form.method==="get"))return;e.preventDefault();' +
  'if(q.indexOf(b)<0){q.push(b);b.setAttribute("aria-busy","true");d.dispatchEvent(new Event("digitic:tap"))}},true)})();';

/** The script as the page carries it. */
export const EARLY_TAPS_TAG = `<script>${EARLY_TAPS_SCRIPT}</script>`;

/** Its hash, the one inline script the pages' Content-Security-Policy allows. */
export const EARLY_TAPS_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;
