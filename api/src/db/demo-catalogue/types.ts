import type { DeviceKind } from '../../images/illustrations.js';

export interface ModelSeed {
  /** The product's title after its brand (the brand is the category's `brands` in turn). */
  name: string;
  /** Its own price in rupees: a typical Indian street price for the model, ending in 9 or 90 as shops price. */
  price: number;
  /**
   * One plain sentence on what the product is and who it suits, without prices. Plain text, no `<`, `>` or `&`:
   * seed.ts writes it into the description's HTML as it is.
   */
  summary: string;
  /** Four short bullet points of this model's own key facts (plain text too), each at most 60 characters. */
  features: string[];
}

export interface CategorySeed {
  category: string;
  kind: DeviceKind;
  /** Taken in turn: model i is made by brands[i % brands.length]. */
  brands: string[];
  models: ModelSeed[];
  colors: string[];
}
