import type { Request } from 'express';
import type { AppDeps } from '../deps.js';
import type { PicturesBody, ProductBody, ProductEditBody } from '@digitic/rest-contract';
import { type Accepts, parseInput } from '../http/validate.js';
import { DeskProductEdit, DeskProductInput, DeskProductQuery, PicturesInput, StockInput, VersionInput } from './desk-schemas.js';
import { actor, type Declare, id } from '../http/staff-guard.js';
import { TermInput, TermRename } from './terms.js';
import { ColorInput } from './colours.js';
import { BulkEdit } from './bulk.js';
import { SelectionQuery } from './selection.js';
import { badRequest } from '../domain/errors.js';
import { z } from 'zod';

// Ids in one spelling: the change log's tags must match the gateways' (an upper-case path is the same product).
/** The largest catalogue file the desk takes. */
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
const ImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun is true or false' })
    .default('false')
    .transform((v) => v === 'true'),
});

/** The request's body as UTF-8 text, refused past `max` bytes. */
async function readText(req: Request, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw badRequest(`The file is larger than ${max / 1024 / 1024} MB: split it`, 'file');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

// The contract's body is what the desk takes.
export type ContractBodies = [
  Accepts<typeof DeskProductInput, ProductBody>,
  Accepts<typeof DeskProductEdit, ProductEditBody>,
  Accepts<typeof PicturesInput, PicturesBody>,
];

/** The catalogue desk's routes under /api/admin/catalogue, each declared with its permission (the staff guard, http/staff-guard.ts, checks them). */
export function catalogueAdminRoutes(declare: Declare, deps: Pick<AppDeps, 'catalogueDesk' | 'terms' | 'bulk'>) {
  const desk = deps.catalogueDesk;
  const { terms, bulk } = deps;

  declare('get', '/admin/catalogue/products', 'catalogue:read', async (req, res) => {
    res.json(await desk.list(parseInput(DeskProductQuery, req.query)));
  });
  declare('post', '/admin/catalogue/products', 'catalogue:write', async (req, res) => {
    res.status(201).json(await desk.create(parseInput(DeskProductInput, req.body), actor(req, res)));
  });
  declare('get', '/admin/catalogue/products/:id', 'catalogue:read', async (req, res) => {
    res.json(await desk.get(id(req)));
  });
  declare('put', '/admin/catalogue/products/:id', 'catalogue:write', async (req, res) => {
    res.json(await desk.update(id(req), parseInput(DeskProductEdit, req.body), actor(req, res)));
  });
  declare('post', '/admin/catalogue/products/:id/archive', 'catalogue:write', async (req, res) => {
    res.json(await desk.archive(id(req), parseInput(VersionInput, req.body).version, actor(req, res)));
  });
  declare('post', '/admin/catalogue/products/:id/restore', 'catalogue:write', async (req, res) => {
    res.json(await desk.restore(id(req), parseInput(VersionInput, req.body).version, actor(req, res)));
  });
  declare('put', '/admin/catalogue/products/:id/stock', 'catalogue:write', async (req, res) => {
    res.json(await desk.setStock(id(req), parseInput(StockInput, req.body), actor(req, res)));
  });
  declare('put', '/admin/catalogue/products/:id/pictures', 'catalogue:write', async (req, res) => {
    res.json(await desk.setPictures(id(req), parseInput(PicturesInput, req.body), actor(req, res)));
  });
  declare('get', '/admin/catalogue/terms', 'catalogue:read', async (_req, res) => {
    res.json(await terms.list());
  });
  declare('post', '/admin/catalogue/terms', 'catalogue:write', async (req, res) => {
    res.status(201).json(await terms.add(parseInput(TermInput, req.body), actor(req, res)));
  });
  declare('post', '/admin/catalogue/terms/rename', 'catalogue:write', async (req, res) => {
    res.json(await terms.rename(parseInput(TermRename, req.body), actor(req, res)));
  });
  declare('post', '/admin/catalogue/terms/delete', 'catalogue:write', async (req, res) => {
    res.json(await terms.remove(parseInput(TermInput, req.body), actor(req, res)));
  });
  declare('post', '/admin/catalogue/colors', 'catalogue:write', async (req, res) => {
    res.status(201).json(await terms.addColor(parseInput(ColorInput, req.body), actor(req, res)));
  });
  declare('put', '/admin/catalogue/colors/:id', 'catalogue:write', async (req, res) => {
    res.json(await terms.updateColor(id(req), parseInput(ColorInput, req.body), actor(req, res)));
  });
  declare('delete', '/admin/catalogue/colors/:id', 'catalogue:write', async (req, res) => {
    res.json(await terms.removeColor(id(req), actor(req, res)));
  });
  declare('get', '/admin/catalogue/export', 'catalogue:read', async (req, res) => {
    const csv = await bulk.exportCsv(parseInput(SelectionQuery, req.query), actor(req, res));
    res.set('Cache-Control', 'no-store').type('text/csv').attachment('catalogue.csv').send(csv);
  });
  // The file as the body (text/csv, at most 10 MB), read only once the session and permission are checked.
  declare('post', '/admin/catalogue/import', 'catalogue:write', async (req, res) => {
    const { dryRun } = parseInput(ImportQuery, req.query);
    if (!req.is('text/csv')) throw badRequest('Send the file as text/csv', 'file');
    const csv = await readText(req, IMPORT_MAX_BYTES);
    const report = await bulk.importCsv(csv, dryRun, actor(req, res));
    res.status(report.errors.length > 0 ? 400 : 200).json(report);
  });
  declare('post', '/admin/catalogue/bulk', 'catalogue:write', async (req, res) => {
    res.json(await bulk.edit(parseInput(BulkEdit, req.body), actor(req, res)));
  });
  declare('get', '/admin/catalogue/low-stock', 'catalogue:read', async (_req, res) => {
    res.json(await desk.lowStock());
  });
}
