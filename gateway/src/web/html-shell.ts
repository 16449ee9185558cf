import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BuildAssets } from './build-assets.js';
import { EARLY_TAPS_TAG } from './early-taps.js';

const safeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

interface Template {
  before: string;
  headDefault: string;
  between: string;
  /** From the end of #root to the state's place. */
  middle: string;
  after: string;
}

/**
 * A stylesheet of the build, inline. After it, a disabled link to the same file: the browser neither fetches
 * nor applies a disabled stylesheet (HTML's "fetch and process the linked resource" stops at `disabled`),
 * but Vite's preload helper, which the app's dynamic imports go through, counts it as there. Without it the
 * helper appended a live link for every inlined stylesheet once the app loaded, and the browser fetched,
 * parsed and applied the same rules a second time (a style and layout pass over the whole page).
 */
const styleTag = (css: string, file?: string) =>
  `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>${file ? `<link rel="stylesheet" href="/${file}" disabled>` : ''}`;

/**
 * The build's small stylesheets go inline: the first paint then waits for no second request, which on a
 * slow phone network is a round trip or two sooner. The entry's stylesheet replaces its link; the styles
 * of the app every page starts (src/boot.tsx and the components it imports) follow it.
 */
function inlineStylesheets(html: string, dist: string, appCss: string[]): string {
  const inlined = html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g, (tag, file: string) => {
    const css = readFileSync(path.join(dist, file), 'utf8');
    return css.length > 50_000 ? tag : styleTag(css, file);
  });
  const app = appCss.map((file) => styleTag(readFileSync(path.join(dist, file), 'utf8'), file)).join('');
  return inlined.replace('</head>', `${app}</head>`);
}

/** The app's scripts, asked for at low priority (the shell, which needs them to show anything, keeps them high). */
const lowPriorityScripts = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload")([^>]*)>/g, (tag, start: string, rest: string) =>
    rest.includes('fetchpriority') ? tag : `<${start}${rest} fetchpriority="low">`,
  );

function readTemplate(dist: string, appCss: string[]): Template {
  const html = inlineStylesheets(readFileSync(path.join(dist, 'index.html'), 'utf8'), dist, appCss);
  const head = /<!--app-head-->([\s\S]*?)<!--\/app-head-->/.exec(html);
  const body = html.indexOf('<!--app-html-->');
  const state = html.indexOf('<!--app-state-->');
  if (!head || body < 0 || state < body) {
    throw new Error(`${dist}/index.html lacks the <!--app-head-->, <!--app-html--> or <!--app-state--> markers: rebuild the web app`);
  }
  return {
    // The early-taps script first in the head: a tap is kept from the first paint on (web/early-taps.ts).
    before: html.slice(0, head.index).replace('<head>', `<head>${EARLY_TAPS_TAG}`),
    headDefault: head[1] ?? '',
    between: html.slice(head.index + head[0].length, body),
    middle: html.slice(body + '<!--app-html-->'.length, state),
    after: html.slice(state + '<!--app-state-->'.length),
  };
}

/**
 * The build's index.html around what a page shows: the app alone, which the browser renders itself, and
 * for a server-rendered page its head (the page's tags and styles) and what follows its content (the state
 * the browser hydrates from and the chunks it loads).
 */
export function htmlShell(dist: string, assets: BuildAssets) {
  const template = readTemplate(dist, assets.appStyles);
  const styleCache = new Map<string, string>();
  const stylesOf = (modules: string[]) =>
    [...new Set(modules.flatMap((m) => assets.styles.get(m) ?? []))]
      .map((file) => {
        let tag = styleCache.get(file);
        if (tag === undefined) {
          tag = styleTag(readFileSync(path.join(dist, file), 'utf8'), file);
          styleCache.set(file, tag);
        }
        return tag;
      })
      .join('');
  // A server-rendered page shows without its scripts: they come after the page's pictures.
  const ssrBefore = lowPriorityScripts(template.before);
  // A page's own styles go last in its head, after the app's, as they come in the browser.
  const [ssrBetween = '', ssrAfterHead = ''] = lowPriorityScripts(template.between).split(/(?=<\/head>)/);
  return {
    /** The plain app, rendered in the browser. */
    shell: template.before + template.headDefault + template.between + template.middle + template.after,
    /** Up to the page's content. The page's own styles go inline with it, so it paints styled before any script arrives. */
    head: (pageHead: string, modules: string[]) => ssrBefore + pageHead + ssrBetween + stylesOf(modules) + ssrAfterHead,
    /** After the page's content: its Apollo state and the chunks to load. */
    tail: (state: unknown, modules: string[]) => {
      // The app's chunks and the page's own start loading together once the page is in, not before (see
      // web/src/main.tsx): the app evaluates them in turn.
      const chunks = { app: assets.appChunks, page: modules.flatMap((m) => assets.chunks.get(m) ?? []) };
      return (
        `${template.middle}<script type="application/json" id="__APOLLO_STATE__">${safeJson(state)}</script>` +
        `<script type="application/json" id="__PAGE_CHUNKS__">${safeJson(chunks)}</script>${template.after}`
      );
    },
  };
}
