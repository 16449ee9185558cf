import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actionWords, AUDIT_KINDS, changeWords } from './audit-words';

const NBSP = '\u00a0';

describe('the audit trail in words', () => {
  it('tells a price change before → after in rupees, and leaves unchanged fields out', () => {
    expect(changeWords({ price: 4999, title: 'Lens' }, { price: 5499, title: 'Lens' })).toEqual([
      `Price: Rs.${NBSP}4,999 → Rs.${NBSP}5,499`,
    ]);
  });

  it('tells an order’s move without its version, and what came with it', () => {
    expect(
      changeWords(
        { status: 'Processed', version: 2 },
        { status: 'Shipped', version: 3, shipment: { carrier: 'BlueDart', trackingNumber: 'BD1' } },
      ),
    ).toEqual(['Status: Processed → Shipped', 'Shipment: Carrier BlueDart, Tracking number BD1']);
  });

  it('tells paise as rupees, ids short, yes and no, lists with commas, and what only the state before tells', () => {
    expect(
      changeWords(
        { refundedPaise: 0 },
        { refundId: '0b7f1c2e-8d4a-4b5e-9f00-1234567890ab', amountPaise: 1379900, restocked: true, colors: ['black', 'silver'] },
      ),
    ).toEqual([
      `Refunded before: Rs.${NBSP}0`,
      'Refund id: 0B7F1C2E',
      `Amount: Rs.${NBSP}13,799`,
      'Back into stock: yes',
      'Colours: black, silver',
    ]);
  });

  it('names every kind in words, and one it does not know from its code', () => {
    expect(actionWords('order.status')).toBe('Order moved on');
    expect(actionWords('order.gift_wrapped')).toBe('Order gift wrapped');
    const codes = AUDIT_KINDS.flatMap((k) => Object.keys(k.actions));
    expect(new Set(codes).size).toBe(codes.length);
    for (const k of AUDIT_KINDS) for (const code of Object.keys(k.actions)) expect(code.startsWith(k.prefix), code).toBe(true);
  });

  it('has words for every kind of row the api records', () => {
    const api = path.resolve(import.meta.dirname, '../../../../api/src');
    const sources = readdirSync(api, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    const recorded = new Set(
      // Every kind named where an action is given, a choice of two (`action: before ? 'a.b' : 'a.c'`) too.
      sources.flatMap((f) =>
        [...readFileSync(path.join(api, f), 'utf8').matchAll(/action: ([^,\n]+)/g)].flatMap((m) =>
          [...(m[1] ?? '').matchAll(/'([a-z]+\.[a-z_]+)'/g)].map((k) => k[1]!),
        ),
      ),
    );
    expect(recorded.size).toBeGreaterThan(30);
    const known = new Set(AUDIT_KINDS.flatMap((k) => Object.keys(k.actions)));
    expect([...recorded].filter((a) => !known.has(a))).toEqual([]);
  });
});
