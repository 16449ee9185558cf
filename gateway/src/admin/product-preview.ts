import { sameSecret } from '@digitic/server-kit';
import { sanitizeRichText } from '@digitic/server-kit/sanitize';
import express from 'express';
import type { Execute } from '@digitic/web/server-contract';
import type { AxiosInstance } from 'axios';
import { fromUpstream } from '../errors.js';
import type { PageRenderer } from '../web/pages.js';
import { readDraft, withDraft } from '../web/product-preview.js';
import { staffApis } from './datasources/index.js';
import { cookie, CSRF_COOKIE, SESSION_COOKIE } from './mount.js';

/** The api's refusal as the tab's status. */
const STATUS: Record<string, number> = { UNAUTHENTICATED: 401, FORBIDDEN: 403, NOT_FOUND: 404, BAD_USER_INPUT: 400 };

const NOTE = 'this is the product’s page with your changes, which are not saved yet. Close this tab to go back to the editor.';

/**
 * POST /admin/preview/product/:id: the storefront's page of a product with the editor's unsaved fields (a form
 * the back office posts into a new tab, with its CSRF token: a form cannot send the header). Who may read the
 * catalogue is the api's to say: the product is read with the caller's session first. The page runs no script.
 */
export function productPreviewRoute(deps: {
  http: AxiosInstance;
  renderer: () => PageRenderer | null;
  executor: (requestId?: string) => Execute;
}) {
  const say = (res: express.Response, status: number, text: string) => res.status(status).type('text/plain').send(text);
  return [
    // A description of 100,000 characters, each up to 9 bytes once encoded for a form.
    express.urlencoded({ extended: false, limit: '1000kb', parameterLimit: 10 }),
    async (req: express.Request, res: express.Response) => {
      res.set('Cache-Control', 'no-store');
      const token = cookie(req, SESSION_COOKIE);
      const csrf = cookie(req, CSRF_COOKIE);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const sent = typeof body.csrf === 'string' ? body.csrf : '';
      if (!token || !csrf || !sameSecret(sent, csrf))
        return say(res, 403, 'Sign in to the back office, then open the preview from the product’s page.');
      const requestId = res.locals.requestId as string;
      const api = staffApis(
        deps.http,
        { token, csrf },
        { requestId, clientIp: req.ip ?? 'unknown', userAgent: req.get('user-agent') ?? null },
      );
      let id: string;
      try {
        id = (await api.catalogue.get(String(req.params.id))).id;
      } catch (err) {
        const e = fromUpstream(err);
        return say(res, STATUS[String(e.extensions.code)] ?? 502, `No preview: ${e.message}`);
      }
      let draft;
      try {
        draft = readDraft(body.draft);
      } catch (err) {
        return say(res, 400, `No preview: ${err instanceof Error ? err.message : String(err)}.`);
      }
      const renderer = deps.renderer();
      if (!renderer) return say(res, 503, 'A preview needs the storefront, which this gateway does not serve (WEB_DIST).');
      await renderer.preview(res, `/product/${id}`, withDraft(deps.executor(requestId), id, draft, sanitizeRichText), NOTE);
    },
  ];
}
