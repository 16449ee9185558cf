import { createHash } from 'node:crypto';

/**
 * Taps made before the app starts (issue #38). A server-rendered page shows long before its scripts have
 * arrived on a slow phone; until then a tap on a button would do nothing. This script, inline in every
 * page's head, keeps each such tap and answers it at once where the page's markup says how:
 *
 * - a disclosure (a button with `aria-controls` and `aria-expanded`: the phone menu, the store's filters
 *   drawer) opens or closes: `aria-expanded` flips and the controlled element's `open` class with it, as the
 *   app would render it;
 * - a choice in a radio group (a button with `role="radio"`: a product's colour) is checked;
 * - any other button is marked busy (`aria-busy`) until its tap is carried out.
 *
 * It tells the app to start now rather than after the pictures (the "digitic:tap" event, src/main.tsx).
 * Once the app is live it undoes each answer and clicks the button, so the app's own state makes the same
 * change (web/src/lib/app-live.ts; React commits a click's update before the next paint, so nothing
 * flickers). Links and GET forms work before the app by themselves and are left alone.
 *
 * Taps are carried out in the order they were made. Once React listens (window.__appListening) it answers
 * taps itself, but not while taps kept before are still waiting to be carried out: a tap made then (Add to
 * Cart, while React hydrates) joins the line behind them (the colour chosen before it), and does not reach
 * React's own listener. The clicks the app makes in carrying them out (window.__replayingTap) pass.
 */
export const EARLY_TAPS_SCRIPT =
  '(function(){var d=document,q=window.__earlyTaps=[];d.addEventListener("click",function(e){' +
  'if(window.__replayingTap||(window.__appListening&&!q.length))return;var t=e.target,b=t&&t.closest&&t.closest("button");' +
  'if(!b||b.disabled||(b.type==="submit"&&b.form&&b.form.method==="get"))return;e.preventDefault();e.stopPropagation();' +
  'for(var i=0;i<q.length;i++)if(q[i].button===b)return;' +
  'var undo=null,x=b.getAttribute("aria-expanded"),c=b.getAttribute("aria-controls"),p=c&&d.getElementById(c);' +
  'if(p&&x){b.setAttribute("aria-expanded",x==="true"?"false":"true");p.classList.toggle("open");' +
  'undo=function(){b.setAttribute("aria-expanded",x);p.classList.toggle("open")}}' +
  'else if(b.getAttribute("role")==="radio"&&b.closest(\'[role="radiogroup"]\')){var was=[];' +
  'b.closest(\'[role="radiogroup"]\').querySelectorAll(\'[role="radio"]\').forEach(function(r){' +
  'was.push([r,r.getAttribute("aria-checked")]);r.setAttribute("aria-checked",r===b?"true":"false")});' +
  'undo=function(){was.forEach(function(w){w[0].setAttribute("aria-checked",w[1])})}}' +
  'else{b.setAttribute("aria-busy","true");undo=function(){b.removeAttribute("aria-busy")}}' +
  'q.push({button:b,undo:undo});d.dispatchEvent(new Event("digitic:tap"))},true)})();';

/** The script as the page carries it. */
export const EARLY_TAPS_TAG = `<script>${EARLY_TAPS_SCRIPT}</script>`;

/** Its hash, the one inline script the pages' Content-Security-Policy allows. */
export const EARLY_TAPS_CSP_SOURCE = `'sha256-${createHash('sha256').update(EARLY_TAPS_SCRIPT).digest('base64')}'`;
