import { describe, expect, it } from 'vitest';
import { textOf } from './html-text';
import { renderHeadTags } from './head';
import { productLd } from './seo';

describe('head tags of a server-rendered page', () => {
  it('escapes titles and descriptions so they cannot open a tag', () => {
    const html = renderHeadTags({ title: 'A "quoted" <b>title</b>', description: 'x" onload="alert(1)' }, 'https://shop.example');
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;b&gt;title&lt;/b&gt; | Digitic</title>');
    expect(html).toContain('<meta name="description" content="x&quot; onload=&quot;alert(1)">');
  });

  it('keeps JSON-LD inside its script tag and makes site paths absolute', () => {
    const html = renderHeadTags({ jsonLd: [{ name: '</script><script>alert(1)</script>', url: '/product/1' }] }, 'https://shop.example');
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('"url":"https://shop.example/product/1"');
  });

  it('gives a canonical URL from the configured origin, or noindex for a missing page', () => {
    expect(renderHeadTags({ path: '/product?brand=Apple' }, 'https://shop.example')).toContain(
      '<link rel="canonical" href="https://shop.example/product?brand=Apple">',
    );
    const missing = renderHeadTags({ noindex: true }, 'https://shop.example');
    expect(missing).toContain('<meta name="robots" content="noindex">');
    expect(missing).not.toContain('rel="canonical"');
  });

  it('describes a product offer in rupees, with a rating only once it has reviews', () => {
    const p = {
      id: '1',
      title: 'Camera',
      description: '<p>Sharp</p>',
      price: 1999,
      brand: 'Canon',
      category: 'Cameras',
      inStock: true,
      rating: 0,
      reviewCount: 0,
      images: [{ url: '/api/images/product/camera.svg' }],
    };
    expect(productLd(p)).toMatchObject({ offers: { price: '1999.00', priceCurrency: 'INR', availability: 'https://schema.org/InStock' } });
    expect(productLd(p)).not.toHaveProperty('aggregateRating');
    // The price is the MRP with every tax inside it; where it was made and who made it, when the shop says.
    expect(productLd(p)).toMatchObject({ offers: { priceSpecification: { valueAddedTaxIncluded: true, price: '1999.00' } } });
    expect(productLd(p)).not.toHaveProperty('countryOfOrigin');
    expect(productLd({ ...p, countryOfOrigin: { name: 'Japan' }, manufacturer: 'Canon Inc., Tokyo, Japan' })).toMatchObject({
      countryOfOrigin: { '@type': 'Country', name: 'Japan' },
      manufacturer: { '@type': 'Organization', name: 'Canon Inc., Tokyo, Japan' },
    });
    expect(productLd({ ...p, rating: 4.5, reviewCount: 2 })).toMatchObject({ aggregateRating: { ratingValue: 4.5, reviewCount: 2 } });
  });
});

describe('the text of catalogue HTML', () => {
  it('drops tags, scripts and styles and decodes entities', () => {
    expect(textOf('<p>Fast &amp; light</p><script>alert(1)</script><style>p{}</style><p>&#8377;&nbsp;99 &lt;3</p>')).toBe(
      'Fast & light ₹ 99 <3',
    );
  });
});
