import { describe, expect, it } from 'vitest';
import type { Execute } from '@digitic/web/server-contract';
import { readDraft, withDraft, withoutScripts } from './product-preview.js';

const DRAFT = {
  title: 'New title',
  description: '<p>Hi</p><img src=x onerror="alert(1)">',
  price: 1999,
  category: 'Cameras',
  brand: 'Acme',
  tags: ['new'],
};

describe('a product preview', () => {
  it('reads the editor’s draft, naming what is wrong', () => {
    expect(readDraft(JSON.stringify({ ...DRAFT, title: '  Spaced  ' })).title).toBe('Spaced');
    const wrong: [unknown, string][] = [
      ['not json', 'the draft is not the editor’s JSON'],
      [JSON.stringify({ ...DRAFT, price: 1.5 }), 'price is a whole number of rupees, 0 to 100,000,000'],
      [JSON.stringify({ ...DRAFT, title: ' ' }), 'title is a non-empty text of at most 200 characters'],
      [JSON.stringify({ ...DRAFT, tags: 'new' }), 'tags is a list of at most 20'],
      [JSON.stringify({ ...DRAFT, tags: [1] }), 'each tag is a non-empty text of at most 50 characters'],
      [JSON.stringify({ ...DRAFT, description: 'x'.repeat(100_001) }), 'description is text of at most 100000 characters'],
    ];
    for (const [raw, message] of wrong) expect(() => readDraft(raw)).toThrow(message);
  });

  it('lays the draft over the product the page asks for, sanitized, without changing the shop’s answer', async () => {
    const answer = {
      data: {
        product: { id: 'p1', title: 'Old', price: 5, description: '<p>Old</p>', images: [{ url: '/a.jpg' }] },
        popular: [
          { id: 'p1', title: 'Old', price: 5 },
          { id: 'p3', title: 'Other', price: 7 },
        ],
      },
    };
    const execute: Execute = async () => answer;
    const laid = await withDraft(execute, 'p1', readDraft(JSON.stringify(DRAFT)), (html) => html.replace(/<img[^>]*>/g, ''))({
      query: {} as never,
      variables: {},
    });
    expect(laid.data?.product).toEqual({
      id: 'p1',
      title: 'New title',
      price: 1999,
      description: '<p>Hi</p>',
      images: [{ url: '/a.jpg' }],
    });
    // Among the popular ones too (the page's cache keeps one record per product), and the others as the shop has them.
    expect(laid.data?.popular).toEqual([
      { id: 'p1', title: 'New title', price: 1999 },
      { id: 'p3', title: 'Other', price: 7 },
    ]);
    expect(answer.data.product.title).toBe('Old');
    expect(answer.data.popular[0]?.title).toBe('Old');
  });

  it('takes the scripts out of a page', () => {
    expect(
      withoutScripts(
        '<head><script type="module" src="/a.js"></script><link rel="modulepreload" href="/b.js"><link rel="stylesheet" href="/c.css"></head>',
      ),
    ).toBe('<head><link rel="stylesheet" href="/c.css"></head>');
  });
});
