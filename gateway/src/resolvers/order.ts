import type { CustomerResolvers, EnquiryResolvers, OrderItemResolvers, OrderResolvers } from '../__generated__/resolvers-types.js';

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

export const OrderItem: OrderItemResolvers = {
  productId: (i) => i.product._id,
  title: (i) => i.product.title,
  image: (i) => i.product.images[0] ?? null,
  product: (i, _args, { api }) => api.product(i.product._id),
};

export const Customer: CustomerResolvers = {
  id: (c) => c._id,
  lastname: (c) => c.lastname ?? '',
};

export const Enquiry: EnquiryResolvers = {
  id: (e) => e._id,
};
