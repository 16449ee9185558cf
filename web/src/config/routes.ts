export const ROUTES = {
  home: '/',
  about: '/about',
  contact: '/contact',
  store: '/product',
  product: (id: string) => `/product/${id}`,
  blogs: '/blogs',
  blog: (id: string) => `/blog/${id}`,
  bestSellers: '/best-sellers',
  support: '/support',
  compare: '/compare-product',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  cart: '/cart',
  checkout: '/checkout',
  myOrders: '/my-orders',
  myProfile: '/my-profile',
  wishlist: '/wishlist',
  privacyPolicy: '/privacy-policy',
  refundPolicy: '/refund-policy',
  shippingPolicy: '/shipping-policy',
  terms: '/term-conditions',
} as const;

/**
 * The storefront's pages anyone may open at one address (a product's and a blog's addresses come from the
 * catalogue): the server renders them and the sitemap lists them. The journeys check every one at 390 px.
 */
export const OPEN_PAGES = [
  ROUTES.home,
  ROUTES.store,
  ROUTES.blogs,
  ROUTES.about,
  ROUTES.contact,
  ROUTES.bestSellers,
  ROUTES.support,
  ROUTES.compare,
  ROUTES.privacyPolicy,
  ROUTES.refundPolicy,
  ROUTES.shippingPolicy,
  ROUTES.terms,
] as const;

/** The sign-in forms: the browser renders them, and robots are asked to leave them out. */
export const SIGN_IN_PAGES = [ROUTES.login, ROUTES.signup, ROUTES.forgotPassword] as const;

/** A signed-in shopper's own pages: the browser renders them, and robots are asked to leave them out. */
export const SHOPPER_PAGES = [ROUTES.cart, ROUTES.checkout, ROUTES.myOrders, ROUTES.myProfile, ROUTES.wishlist] as const;
