import { SHIPPING_FEE } from '@digitic/shop-rules';
import type { GatewayConfig } from '../../config/env.js';

export const SIMULATOR_SCRIPT_PATH = '/payment-simulator/checkout.js';
const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export const checkoutScriptUrl = (config: GatewayConfig) => (config.razorpay.simulated ? SIMULATOR_SCRIPT_PATH : RAZORPAY_SCRIPT_URL);

export function shopInfo(config: GatewayConfig) {
  return {
    name: config.shop.name,
    phone: config.shop.phone,
    email: config.shop.email,
    address: config.shop.address,
    timeZone: config.shop.timeZone,
    hours: 'Monday – Sunday 10 AM – 8 PM',
    currencyPrefix: 'Rs.',
    shippingFee: SHIPPING_FEE,
    freeShippingNotice: 'Free Shipping Over AED 400 & Free Returns',
    paymentKeyId: config.razorpay.keyId,
    checkoutScriptUrl: checkoutScriptUrl(config),
    paymentsSimulated: config.razorpay.simulated,
  };
}
