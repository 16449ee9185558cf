import { Worker } from 'node:worker_threads';
import type { TaxDocumentRecord } from '@digitic/rest-contract';
import { documentPdf } from './pdf.js';

// Tax documents' PDFs are drawn on a thread of their own (issue 53): pdfkit's work is CPU, and on the request thread
// every other shopper's request waited for it. One thread, started with the first document and ended after a
// minute with nothing to draw (an api that draws none keeps its memory), draws one document at a time: a burst
// waits its turn there, not on the request thread. Should the thread not start, a document is drawn here instead
// (said in the log, once): nothing is refused for want of it.

/** How long the drawing thread waits for another document before it ends. */
const IDLE_MS = 60_000;

// Run from the sources (tests, `npm run dev`), the thread registers tsx and loads the TypeScript file; built, the .js.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./pdf-thread-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);

type Pending = { resolve: (pdf: Buffer) => void; reject: (err: Error) => void };

let worker: Worker | null = null;
let failedToStart = false;
let idle: NodeJS.Timeout | null = null;
let sequence = 0;
const pending = new Map<number, Pending>();

function failAll(err: Error) {
  for (const p of pending.values()) p.reject(err);
  pending.clear();
}

function thread(log: (line: string, detail?: unknown) => void): Worker | null {
  if (worker) return worker;
  if (failedToStart) return null;
  try {
    const w = fromSources
      ? new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`, {
          eval: true,
        })
      : new Worker(WORKER_URL);
    w.on('message', (m: { id: number; pdf?: Uint8Array; error?: string }) => {
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (!p) return;
      if (m.pdf) p.resolve(Buffer.from(m.pdf.buffer, m.pdf.byteOffset, m.pdf.byteLength));
      else p.reject(new Error(m.error ?? 'The PDF could not be drawn'));
      if (pending.size === 0) {
        // Nothing in hand: it keeps the api running no more.
        w.unref();
        settleIdle();
      }
    });
    w.on('error', (err) => {
      log('the tax documents’ drawing thread failed; documents waiting for it are drawn again when asked', err);
      worker = null;
      failAll(err instanceof Error ? err : new Error(String(err)));
    });
    w.on('exit', () => {
      if (worker === w) worker = null;
      failAll(new Error('The drawing thread ended before the PDF was drawn'));
    });
    worker = w;
    return w;
  } catch (err) {
    failedToStart = true;
    log('the tax documents’ drawing thread could not start: they are drawn on the request thread', err);
    return null;
  }
}

function settleIdle() {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    idle = null;
    if (pending.size === 0 && worker) {
      const w = worker;
      worker = null;
      void w.terminate();
    }
  }, IDLE_MS);
  idle.unref();
}

/** The document's PDF, drawn on the drawing thread (or here, when that thread cannot start). */
export function drawOffThread(doc: TaxDocumentRecord, log: (line: string, detail?: unknown) => void = () => {}): Promise<Buffer> {
  const w = thread(log);
  if (!w) return documentPdf(doc);
  if (idle) {
    clearTimeout(idle);
    idle = null;
  }
  // While it draws, the thread keeps the process running (a command that issues a document waits for its PDF).
  w.ref();
  sequence += 1;
  const id = sequence;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.postMessage({ id, doc });
  });
}

/** The drawing thread's id while it runs (the request thread's is 0), null when none runs. */
export const drawingThreadId = (): number | null => worker?.threadId ?? null;

/** Ends the drawing thread now (a stopping api, a test's end); the next document starts it again. */
export async function stopDrawingThread(): Promise<void> {
  if (idle) clearTimeout(idle);
  idle = null;
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}
