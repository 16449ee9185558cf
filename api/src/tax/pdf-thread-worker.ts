import { parentPort } from 'node:worker_threads';
import type { TaxDocumentRecord } from '@digitic/rest-contract';
import { documentPdf } from './pdf.js';

// The thread that draws tax documents' PDFs (pdf-thread.ts starts it): one document at a time, the bytes handed back
// without a copy. pdfkit's work (about 9 ms a document) stays off the api's request thread.

parentPort?.on('message', (message: { id: number; doc: TaxDocumentRecord }) => {
  documentPdf(message.doc).then(
    (pdf) => {
      const bytes = new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength).slice();
      parentPort?.postMessage({ id: message.id, pdf: bytes }, [bytes.buffer]);
    },
    (err: unknown) => parentPort?.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) }),
  );
});
