// What the server renderer (src/entry-server.tsx, built to dist-server/entry-server.js) offers the
// gateway, which imports the build at run time and these types when it compiles. Plain types only:
// the gateway's compiler reads this file, and nothing else of the web app.
import type { DocumentNode } from 'graphql';

export interface ExecutionResult {
  data?: Record<string, unknown> | null;
  errors?: readonly { message: string }[];
}

/** Runs one GraphQL operation in the gateway's process, as an anonymous shopper. */
export type Execute = (op: { query: DocumentNode; variables: Record<string, unknown>; operationName?: string }) => Promise<ExecutionResult>;

export interface RenderOptions {
  /** Path and query of the page, e.g. /product?brand=Apple. */
  url: string;
  /** The shop's public origin, from configuration (never from the request's Host header). */
  origin: string;
  execute: Execute;
  sanitize: (html: string) => string;
  shopName?: string;
  signal?: AbortSignal;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: string;
      /** The Apollo cache the browser hydrates from. */
      state: unknown;
      /** How many times React rendered the tree (one: the data is fetched before the render). */
      renderPasses: number;
      /** Operations asked for during the render, which a page's loadData should have fetched first (none). */
      lateQueries: string[];
      /** Streams the app's HTML (what goes inside #root) into `out`. */
      pipe: (out: NodeJS.WritableStream) => void;
      abort: () => void;
    };

export interface PageDescription {
  /** The page's modules as the build's manifest names them (e.g. src/features/store/store-page.tsx): their chunks and styles go with the page. */
  modules: string[];
  /** False for signed-in pages and forms, which the browser renders. */
  serverRendered: boolean;
  /** The query parameters the page reads, sorted; any other changes nothing on the page. */
  query: string[];
}

export interface ServerEntry {
  render(options: RenderOptions): Promise<RenderResult>;
  describePage(pathname: string): PageDescription;
}
