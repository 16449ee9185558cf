import type { ImageRecord } from './catalogue.js';

// The blog as the storefront reads it (the desk's posts are admin/blogs.ts).

export interface BlogRecord {
  _id: string;
  title: string;
  description: string;
  category: string;
  images: ImageRecord[];
  createdAt: string;
}
