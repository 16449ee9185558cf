import { isOrderStatus, type OrderStatus as ShopOrderStatus } from '@digitic/shop-rules';
import type { OrderResolvers, OrderStatus } from '../__generated__/resolvers-types.js';

// The api's order statuses (spec §6, and the shop rules' lifecycle) as the schema's enum: every one named.
const STATUS: Record<ShopOrderStatus, OrderStatus> = {
  Ordered: 'ORDERED',
  Processed: 'PROCESSED',
  Shipped: 'SHIPPED',
  'Out For Delivery': 'OUT_FOR_DELIVERY',
  Delivered: 'DELIVERED',
  Cancelled: 'CANCELLED',
};

export const Order: OrderResolvers = {
  id: (o) => o._id,
  status: (o) => {
    if (!isOrderStatus(o.orderStatus)) throw new Error(`order ${o._id} has a status the schema does not know: ${o.orderStatus}`);
    return STATUS[o.orderStatus];
  },
  total: (o) => o.totalPrice,
  totalAfterDiscount: (o) => o.totalPriceAfterDiscount,
  items: (o) => o.orderItems,
  shippingAddress: (o) => o.shippingInfo,
  payment: (o) => ({ providerOrderId: o.paymentInfo.razorpayOrderId, providerPaymentId: o.paymentInfo.razorpayPaymentId }),
};
