import type { OrderResolvers } from '../__generated__/resolvers-types.js';

// The api's order statuses (spec §6) as the schema's enum.
const STATUS = {
  Ordered: 'ORDERED',
  Processed: 'PROCESSED',
  Shipped: 'SHIPPED',
  'Out For Delivery': 'OUT_FOR_DELIVERY',
  Delivered: 'DELIVERED',
} as const;

export const Order: OrderResolvers = {
  id: (o) => o._id,
  status: (o) => STATUS[o.orderStatus as keyof typeof STATUS] ?? 'ORDERED',
  total: (o) => o.totalPrice,
  totalAfterDiscount: (o) => o.totalPriceAfterDiscount,
  items: (o) => o.orderItems,
  shippingAddress: (o) => o.shippingInfo,
  payment: (o) => ({ providerOrderId: o.paymentInfo.razorpayOrderId, providerPaymentId: o.paymentInfo.razorpayPaymentId }),
};
