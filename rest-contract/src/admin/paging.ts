// What the staff desks' lists share: the page asked for, the page answered, and a write's version.

/** The page of a desk's list (page from 1; the api says how large a page may be). */
export interface PageQuery {
  page?: number;
  pageSize?: number;
}

/** Around a desk's page of records: how many match, and which page this is. */
export interface PageRecord {
  total: number;
  page: number;
  pageSize: number;
}

/** A write naming the version the editor read: a record changed since is refused (VERSION_CONFLICT). */
export interface VersionBody {
  version: number;
}
