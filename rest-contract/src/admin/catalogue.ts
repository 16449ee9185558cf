import type { PageQuery, PageRecord, VersionBody } from './paging.js';

// The catalogue desk (/api/admin/catalogue): what it answers and takes.

/** A product's colour in the catalogue desk (GET /api/admin/catalogue/products…). */
export interface CatalogueVariantRecord {
  colorId: string;
  color: string;
  quantity: number;
  offered: boolean;
}

export interface CatalogueProductSummaryRecord {
  id: string;
  title: string;
  slug: string;
  price: number;
  category: string;
  brand: string;
  image: string | null;
  stock: number;
  variants: CatalogueVariantRecord[];
  archivedAt: string | null;
  version: number;
  updatedAt: string;
}

/** A product's picture as the desk edits it: its address and what it shows (empty: not said yet). */
export interface PictureRecord {
  url: string;
  alt: string;
}

export interface CatalogueProductRecord extends CatalogueProductSummaryRecord {
  description: string;
  tags: string[];
  /** The pictures' addresses, the main one first (as `pictures`, without their words). */
  images: string[];
  pictures: PictureRecord[];
  sold: number;
  orderLines: number;
  createdAt: string;
  /** What its tax invoice and its listing say by law: HSN code and GST rate (percent); origin, maker and importer. */
  hsnCode: string | null;
  gstRate: number;
  countryOfOrigin: string | null;
  manufacturer: string | null;
  importer: string | null;
}

export interface CatalogueProductListRecord extends PageRecord {
  products: CatalogueProductSummaryRecord[];
}

export interface LowStockItemRecord {
  productId: string;
  title: string;
  colorId: string;
  color: string;
  quantity: number;
}

export interface LowStockRecord {
  threshold: number;
  items: LowStockItemRecord[];
}

/** Which products: the desk's list, its export and a bulk edit select them alike (status: active when not given). */
export interface CatalogueSelection {
  q?: string;
  status?: 'active' | 'archived' | 'all';
  category?: string;
  brand?: string;
}

/** GET /api/admin/catalogue/products: the selection, a page of it. */
export type CatalogueProductQuery = CatalogueSelection & PageQuery;

/** A product's fields as the desk api takes them (stock by colour). */
export interface ProductBody {
  title: string;
  slug?: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  tags: string[];
  colors: string[];
  /** The main one first; a picture given by its address alone keeps the words it had. */
  images: (string | PictureRecord)[];
  stock?: Record<string, number>;
  /** Absent: kept (a new product: its category's HSN code, 18 %, nothing said of its origin); null: cleared. */
  hsnCode?: string | null;
  gstRate?: number;
  countryOfOrigin?: string | null;
  manufacturer?: string | null;
  importer?: string | null;
}

/** PUT /api/admin/catalogue/products/:id: the fields, with the version read; pictures left out stay as they are. */
export type ProductEditBody = Omit<ProductBody, 'images'> & Partial<Pick<ProductBody, 'images'>> & VersionBody;

/**
 * PUT /api/admin/catalogue/products/:id/pictures: the pictures kept at once, as the editor's library changes
 * them; `expected` is the list the editor had, so another's change meanwhile is refused rather than lost.
 */
export interface PicturesBody {
  expected: PictureRecord[];
  pictures: PictureRecord[];
}

/** PUT /api/admin/catalogue/products/:id/stock: colours' stock as counted, each with the stock read. */
export interface StockBody {
  changes: { colorId: string; quantity: number; expected: number }[];
}

/** GET /api/admin/catalogue/terms: the vocabulary and its use. */
export interface CatalogueTermsRecord {
  brands: { value: string; products: number }[];
  categories: { value: string; products: number }[];
  tags: { value: string; products: number }[];
  colors: { id: string; swatch: string; name: string; products: number }[];
}

export type TermKindName = 'brand' | 'category' | 'tag';

/** POST /api/admin/catalogue/terms and …/terms/delete: one word of the vocabulary. */
export interface TermBody {
  kind: TermKindName;
  value: string;
}

/** POST /api/admin/catalogue/terms/rename. */
export interface TermRenameBody extends TermBody {
  to: string;
}

/** POST /api/admin/catalogue/colors and PUT …/colors/:id (the swatch is its name when none is given). */
export interface ColourBody {
  swatch: string;
  name?: string;
}

/** POST /api/admin/catalogue/bulk: a selection and its change (price or stock, each set or moved), or its preview. */
export interface BulkEditBody {
  filter?: CatalogueSelection;
  price?: { set?: number; percent?: number };
  stock?: { set?: number; add?: number };
  dryRun?: boolean;
}

/** POST /api/admin/catalogue/bulk: what a bulk edit did, or would do. */
export interface BulkEditRecord {
  dryRun: boolean;
  products: number;
  sample: { id: string; title: string; price: number; newPrice: number }[];
}
