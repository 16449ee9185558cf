import type {
  CancelOrderBody,
  CheckoutAnswerRecord,
  CreateOrderBody,
  MyOrderRecord,
  MyOrdersRecord,
  QuoteRecord,
  ReturnRequestBody,
  StartCheckoutBody,
  StartedCheckoutRecord,
} from '@digitic/rest-contract';
import type { AddressRecord, CheckoutRecord, OrderRecord } from './types.js';
import { orNull, segment, type Upstream } from './upstream.js';

/** The caller's orders and checkouts: the api prices the cart, creates the provider's order and makes the order. */
export class OrdersApi {
  constructor(private readonly upstream: Upstream) {}

  async mine(): Promise<OrderRecord[]> {
    return (await this.upstream.get<MyOrdersRecord>('user/getmyorders')).orders;
  }

  /** One of the caller's orders; null for anyone else's or none. */
  async mineById(id: string): Promise<OrderRecord | null> {
    const found = await orNull(this.upstream.get<MyOrderRecord>(`user/orders/${segment(id, 'Order')}`));
    return found?.order ?? null;
  }

  async cancel(id: string, body: CancelOrderBody): Promise<OrderRecord> {
    return (await this.upstream.send<MyOrderRecord, CancelOrderBody>('POST', `user/orders/${segment(id, 'Order')}/cancel`, body)).order;
  }

  async requestReturn(id: string, body: ReturnRequestBody): Promise<OrderRecord> {
    return (await this.upstream.send<MyOrderRecord, ReturnRequestBody>('POST', `user/orders/${segment(id, 'Order')}/returns`, body)).order;
  }

  async create(body: CreateOrderBody): Promise<OrderRecord> {
    return (await this.upstream.send<MyOrderRecord, CreateOrderBody>('POST', 'user/cart/create-order/', body)).order;
  }

  /** Starts (or reuses) the caller's checkout. */
  async startCheckout(shippingInfo: AddressRecord, couponCode: string | null): Promise<CheckoutRecord> {
    return (await this.upstream.send<StartedCheckoutRecord, StartCheckoutBody>('POST', 'user/order/checkout', { shippingInfo, couponCode }))
      .checkout;
  }

  /** The caller's cart priced with a coupon (refused with the coupon's reason). */
  quote(couponCode: string | null): Promise<QuoteRecord> {
    return this.upstream.get<QuoteRecord>('user/order/quote', couponCode ? { couponCode } : undefined);
  }

  async checkout(providerOrderId: string): Promise<CheckoutRecord | null> {
    const found = await orNull(this.upstream.get<CheckoutAnswerRecord>(`user/order/checkout/${segment(providerOrderId, 'Checkout')}`));
    return found?.checkout ?? null;
  }
}
