// The checkout page's own words (spec §5, §8), beside the page so that they load with it and not with every
// page (config/messages.ts holds what the whole shop says).
export const CHECKOUT_MESSAGES = {
  checkoutShopName: 'Digitic',
  checkoutSteps: 'Breadcrumb',
  checkoutStepCart: 'Cart',
  checkoutStepInformation: 'Information',
  checkoutStepShipping: 'Shipping',
  checkoutStepPayment: 'Payment',
  contactInformation: 'Contact Information',
  shippingAddress: 'Shipping Address',
  countryLabel: 'Country',
  selectCountry: 'Select Country',
  stateLabel: 'State',
  selectState: 'Select State',
  firstNameLabel: 'First Name',
  lastNameLabel: 'Last Name',
  addressLabel: 'Address',
  apartmentLabel: 'Apartment, Suite ,etc',
  cityLabel: 'City',
  zipcodeLabel: 'Zipcode',
  // Not in the spec: a phone for the courier, optional (prefilled from the profile's mobile number).
  phoneLabel: 'Phone for delivery (optional)',
  returnToCart: '← Return to Cart',
  continueToShipping: 'Continue to Shipping',
  shippingAddressSaved: 'Shipping address saved',
  placeOrder: 'Place Order',
  paying: 'Paying…',
  confirmingPayment: 'Confirming payment…',
  orderSummary: 'Order summary',
  summarySubtotal: 'SubTotal',
  summaryShipping: 'Shipping',
  summaryDiscount: 'Discount',
  summaryTotal: 'Total',
  // Not in the spec: the GST inside the total (prices include it), shown before paying.
  summaryGst: 'Including GST',
  // Not in the spec: a business buyer's GSTIN, for its tax invoice.
  gstinLabel: 'GSTIN, for a business purchase (optional)',
  myOrders: 'My Orders',
  // The payment widget's description of the charge (spec §8).
  paymentDescription: 'Test Transaction',
  // Not in the spec: after a failed payment (the widget's reason first) and a closed payment window.
  cartUnchanged: 'Your cart is unchanged.',
  // Not in the spec: the order summary's coupon entry.
  couponForm: 'Coupon',
  couponCode: 'Coupon code',
  couponEnter: 'Enter a coupon code',
  couponApply: 'Apply',
  couponChecking: 'Checking…',
  couponUncheckable: 'The coupon could not be checked. Try again.',
  couponApplied: 'applied',
  couponRemove: 'Remove',
  paymentCancelled: 'Payment cancelled. Your cart is unchanged.',
} as const;
