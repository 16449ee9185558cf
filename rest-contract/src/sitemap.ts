// The sitemap's pages (GET /api/product/sitemap?page=N): what the storefront lists for search engines.

export interface SitemapPageRecord {
  total: number;
  pageSize: number;
  items: { _id: string; updatedAt: string }[];
}
