import type {
  BulkEditBody,
  BulkEditRecord,
  CatalogueProductListRecord,
  CatalogueProductQuery,
  CatalogueProductRecord,
  CatalogueTermsRecord,
  ColourBody,
  LowStockRecord,
  PicturesBody,
  ProductBody,
  ProductEditBody,
  StockBody,
  TermBody,
  TermRenameBody,
  VersionBody,
} from '@digitic/rest-contract';
import { segment } from '../../datasources/upstream.js';
import { Desk } from './desk.js';
import type { StaffUpstream } from './upstream.js';

const colour = (id: string) => `admin/catalogue/colors/${segment(id, 'Colour')}`;

/** The catalogue desk: products (list, get) and their stock by colour, bulk edits, and the vocabulary (every change to it answers it whole). */
export class CatalogueApi extends Desk<CatalogueProductQuery, CatalogueProductListRecord, CatalogueProductRecord> {
  constructor(upstream: StaffUpstream) {
    super(upstream, 'admin/catalogue/products', 'Product');
  }

  create = (body: ProductBody) => this.add<ProductBody>(body);
  update = (id: string, version: number, body: Omit<ProductEditBody, 'version'>) => this.put<ProductEditBody>(id, { ...body, version });
  archive = (id: string, version: number) => this.act<VersionBody>(id, 'archive', { version });
  restore = (id: string, version: number) => this.act<VersionBody>(id, 'restore', { version });
  setStock = (id: string, changes: StockBody['changes']) =>
    this.upstream.send<CatalogueProductRecord, StockBody>('PUT', `${this.at(id)}/stock`, { changes });
  setPictures = (id: string, body: PicturesBody) =>
    this.upstream.send<CatalogueProductRecord, PicturesBody>('PUT', `${this.at(id)}/pictures`, body);
  lowStock = () => this.upstream.get<LowStockRecord>('admin/catalogue/low-stock');
  bulkEdit = (body: BulkEditBody) => this.upstream.send<BulkEditRecord, BulkEditBody>('POST', 'admin/catalogue/bulk', body);

  terms = () => this.upstream.get<CatalogueTermsRecord>('admin/catalogue/terms');
  addTerm = (body: TermBody) => this.upstream.send<CatalogueTermsRecord, TermBody>('POST', 'admin/catalogue/terms', body);
  renameTerm = (body: TermRenameBody) =>
    this.upstream.send<CatalogueTermsRecord, TermRenameBody>('POST', 'admin/catalogue/terms/rename', body);
  deleteTerm = (body: TermBody) => this.upstream.send<CatalogueTermsRecord, TermBody>('POST', 'admin/catalogue/terms/delete', body);
  addColour = (body: ColourBody) => this.upstream.send<CatalogueTermsRecord, ColourBody>('POST', 'admin/catalogue/colors', body);
  updateColour = (id: string, body: ColourBody) => this.upstream.send<CatalogueTermsRecord, ColourBody>('PUT', colour(id), body);
  deleteColour = (id: string) => this.upstream.send<CatalogueTermsRecord>('DELETE', colour(id));
}
