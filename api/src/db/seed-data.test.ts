import { describe, expect, it } from 'vitest';
import { demoProducts } from './seed.js';
import { CATEGORIES } from './seed-data.js';

// The demo catalogue's prices are each product's own, as an Indian shop would ask for it: not a figure that
// grows with the product's place in the seed list (which once priced the WH-1000XM5 at Rs. 4,999 and the
// budget WH-CH720N at Rs. 22,599).

const products = demoProducts(0);
const priceOf = (title: string): number => {
  const product = products.find((p) => p.title === title);
  if (!product) throw new Error(`no demo product titled ${title}`);
  return product.price;
};

describe('the demo catalogue prices', () => {
  it('prices each product as the seed data says, whatever its place in the list', () => {
    const seeded = CATEGORIES.flatMap((cat) =>
      cat.models.map((m, i) => ({ title: `${cat.brands[i % cat.brands.length]} ${m.name}`, price: m.price })),
    );
    expect(products.map((p) => ({ title: p.title, price: p.price }))).toEqual(seeded);
  });

  it('asks a whole number of rupees ending in 9 or 90, as shops do, and no two products the same', () => {
    for (const p of products) {
      expect(Number.isInteger(p.price) && p.price > 0, `${p.title}: ${p.price}`).toBe(true);
      expect(p.price % 10 === 9 || p.price % 100 === 90, `${p.title}: ${p.price}`).toBe(true);
    }
    // The journeys pick products by their place in the price order: a tie would order them by a random id.
    expect(new Set(products.map((p) => p.price)).size).toBe(products.length);
  });

  it.each([
    ['Sony WH-1000XM5 Wireless', 'Sony WH-CH720N'],
    ['Sony WH-1000XM5 Wireless', 'Sony ULT Wear'],
    ['Bose QuietComfort Ultra', 'Bose QuietComfort 45'],
    ['Sennheiser Momentum 4 Wireless', 'Sennheiser HD 450BT'],
    ['JBL Live 660NC', 'JBL Tune 770NC'],
    ['Apple MacBook Pro 14 M3 Pro', 'Apple MacBook Air 13 M3'],
    ['Dell XPS 13 Plus', 'Dell Inspiron 15 3530'],
    ['HP Spectre x360 14', 'HP Pavilion Plus 14'],
    ['Lenovo ThinkPad X1 Carbon Gen 12', 'Lenovo IdeaPad Slim 5'],
    ['Apple iPad Air 11 M2', 'Apple iPad 10th Gen'],
    ['Samsung Galaxy Tab S9', 'Samsung Galaxy Tab S9 FE'],
    ['Lenovo Tab P12', 'Lenovo Tab M11'],
    ['Apple Watch Ultra 2', 'Apple Watch Series 9 GPS'],
    ['Apple Watch Series 9 GPS', 'Apple Watch SE 2nd Gen'],
    ['Samsung Galaxy Watch6 Classic', 'Samsung Galaxy Watch6'],
    ['Samsung Neo QLED QN90C 65"', 'Samsung Crystal 4K UHD 55"'],
    ['LG OLED evo C3 55"', 'LG UR7500 43"'],
    ['Sony Bravia XR A80L 65"', 'Sony Bravia X75L 50"'],
    ['Canon EOS R8 Body', 'Canon EOS R50 Kit'],
    ['Canon EOS R50 Kit', 'Canon EOS 1500D Kit'],
    ['Sony Alpha 7 IV Body', 'Sony ZV-E10 Kit'],
    ['Fujifilm X-S20 Body', 'Fujifilm X-T30 II Kit'],
  ])('prices the %s above the %s', (dearer, cheaper) => {
    expect(priceOf(dearer)).toBeGreaterThan(priceOf(cheaper));
  });

  it.each([
    ['Sony WH-1000XM5 Wireless', 24_990, 34_990],
    ['Sony WH-CH720N', 7_990, 11_990],
    ['JBL Tune 770NC', 3_999, 8_999],
    ['Apple MacBook Air 13 M3', 94_990, 119_990],
    ['Dell Inspiron 15 3530', 40_000, 69_990],
    ['Samsung Galaxy Tab S9', 64_999, 84_999],
    ['Apple Watch Ultra 2', 79_990, 94_990],
    ['Sony Bravia XR A80L 65"', 199_990, 329_990],
    ['Sony Alpha 7 IV Body', 179_990, 249_990],
    ['Canon EOS 1500D Kit', 29_990, 49_990],
  ])('asks about a street price for the %s (between Rs. %i and Rs. %i)', (title, low, high) => {
    expect(priceOf(title)).toBeGreaterThanOrEqual(low);
    expect(priceOf(title)).toBeLessThanOrEqual(high);
  });

  it.each(CATEGORIES.map((cat) => [cat.category]))('does not price the %s by their place in the list', (category) => {
    const prices = products.filter((p) => p.category === category).map((p) => p.price);
    let pairs = 0;
    let rising = 0;
    for (let i = 0; i < prices.length; i++) {
      for (let j = i + 1; j < prices.length; j++) {
        pairs++;
        if ((prices[i] as number) < (prices[j] as number)) rising++;
      }
    }
    // Priced by position, nearly every later product costs more (the old seed: 97% to 100% of pairs).
    expect(rising / pairs).toBeLessThanOrEqual(0.8);
  });
});
