import zlib from 'node:zlib';
import { parentPort } from 'node:worker_threads';
import type { TaxDocumentRecord } from '@digitic/rest-contract';
import { documentPdf } from './pdf.js';

// The thread that draws tax documents' PDFs (pdf-thread.ts starts it): one document at a time, the bytes handed back
// without a copy. pdfkit's work stays off the api's request thread.

// pdfkit deflates each of a document's streams with zlib.deflateSync and zlib's defaults (a 32 KiB window, memLevel
// 8): four blocks of 64 KiB made and freed a stream. Under the shop's glibc setting (mmap_threshold=32768,
// docs/configuration.md) each of those blocks is an mmap, fresh pages faulted in, then a munmap: a two-line invoice
// took 17-23 ms of CPU so (Node 24, 2026-12-03), 9-13 ms with blocks of 16 KiB (an 8 KiB window, memLevel 6) that
// the heap keeps and reuses, at 26,338 bytes against 26,172. This thread draws PDFs and nothing else, and its zlib
// module is its own: the request thread's defaults are untouched.
export const THREAD_DEFLATE = { windowBits: 13, memLevel: 6 } as const;
const deflateSync = zlib.deflateSync;
Object.assign(zlib, {
  deflateSync: (data: zlib.InputType, options?: zlib.ZlibOptions) => deflateSync(data, { ...THREAD_DEFLATE, ...options }),
});

parentPort?.on('message', (message: { id: number; doc: TaxDocumentRecord }) => {
  documentPdf(message.doc).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
      parentPort?.postMessage({ id: message.id, pdf: bytes }, [bytes.buffer]);
    },
    (err: unknown) => parentPort?.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
