import { SHIPPING_FEE } from '@digitic/shop-rules';
import type { GatewayConfig } from '../../config/env.js';
import type { ShopDetails } from '../../shop-details.js';

export const SIMULATOR_SCRIPT_PATH = '/payment-simulator/checkout.js';
const RAZORPAY_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';

export const checkoutScriptUrl = (config: GatewayConfig) => (config.razorpay.simulated ? SIMULATOR_SCRIPT_PATH : RAZORPAY_SCRIPT_URL);

/** The shop as the storefront shows it: the owner's saved details over the defaults, and the gateway's settings. */
export function shopInfo(config: GatewayConfig, details: ShopDetails) {
  return {
    ...details,
    seller: details.seller ?? null,
    grievanceOfficer: {
      name: details.grievanceName,
      designation: details.grievanceDesignation,
      email: details.grievanceEmail,
      phone: details.grievancePhone,
    },
    timeZone: config.shop.timeZone,
    currencyPrefix: 'Rs.',
    shippingFee: SHIPPING_FEE,
    paymentKeyId: config.razorpay.keyId,
    checkoutScriptUrl: checkoutScriptUrl(config),
    paymentsSimulated: config.razorpay.simulated,
  };
}
