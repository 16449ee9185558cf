// A product's reviews as the storefront reads them, and the shopper's rating (PUT /api/product/rating).

export interface ReviewRecord {
  _id: string;
  star: number;
  comment: string;
  postedby: string;
  name?: string;
  createdAt: string;
}

export interface RatingBody {
  prodId: string;
  star: number;
  comment: string;
}
