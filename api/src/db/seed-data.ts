import type { DeviceKind } from '../images/illustrations.js';

export interface ModelSeed {
  /** The product's title after its brand (the brand is the category's `brands` in turn). */
  name: string;
  /** Its own price in rupees: a typical Indian street price for the model, ending in 9 or 90 as shops price. */
  price: number;
}

export interface CategorySeed {
  category: string;
  kind: DeviceKind;
  /** Taken in turn: model i is made by brands[i % brands.length]. */
  brands: string[];
  models: ModelSeed[];
  colors: string[];
  features: string[];
}

// A demo catalogue: nine products in each of six categories, several brands each. Each model carries its own
// price, so a flagship costs more than its brand's budget model whatever their place in the list. No two
// products share a price: the journeys pick products by their place in the price order.
export const CATEGORIES: CategorySeed[] = [
  {
    category: 'Laptops',
    kind: 'laptop',
    brands: ['Apple', 'Dell', 'HP', 'Lenovo', 'Asus'],
    models: [
      { name: 'MacBook Air 13 M3', price: 104_990 }, // Apple
      { name: 'XPS 13 Plus', price: 179_990 }, // Dell
      { name: 'Spectre x360 14', price: 164_999 }, // HP
      { name: 'ThinkPad X1 Carbon Gen 12', price: 194_990 }, // Lenovo
      { name: 'Zenbook 14 OLED', price: 84_990 }, // Asus
      { name: 'MacBook Pro 14 M3 Pro', price: 189_990 }, // Apple
      { name: 'Inspiron 15 3530', price: 54_990 }, // Dell
      { name: 'Pavilion Plus 14', price: 78_999 }, // HP
      { name: 'IdeaPad Slim 5', price: 69_990 }, // Lenovo
    ],
    colors: ['silver', 'gray', 'black', 'blue', 'gold'],
    features: [
      'Up to 18 hours of battery life',
      '16 GB unified memory, 512 GB SSD',
      'Backlit keyboard and 1080p webcam',
      'Wi-Fi 6E and Thunderbolt ports',
    ],
  },
  {
    category: 'Headphones',
    kind: 'headphones',
    brands: ['Sony', 'Bose', 'JBL', 'Sennheiser'],
    models: [
      { name: 'WH-1000XM5 Wireless', price: 29_990 }, // Sony
      { name: 'QuietComfort Ultra', price: 34_990 }, // Bose
      { name: 'Tune 770NC', price: 5_999 }, // JBL
      { name: 'Momentum 4 Wireless', price: 24_990 }, // Sennheiser
      { name: 'WH-CH720N', price: 9_990 }, // Sony
      { name: 'QuietComfort 45', price: 22_990 }, // Bose
      { name: 'Live 660NC', price: 8_999 }, // JBL
      { name: 'HD 450BT', price: 7_490 }, // Sennheiser
      { name: 'ULT Wear', price: 16_990 }, // Sony
    ],
    colors: ['black', 'white', 'blue', 'silver', 'pink'],
    features: [
      'Active noise cancellation',
      'Up to 60 hours of playback',
      'Multipoint Bluetooth 5.3',
      'Fast charge: 10 minutes for 5 hours',
    ],
  },
  {
    category: 'Tablets',
    kind: 'tablet',
    brands: ['Apple', 'Samsung', 'Lenovo', 'Xiaomi'],
    models: [
      { name: 'iPad Air 11 M2', price: 56_990 }, // Apple
      { name: 'Galaxy Tab S9 FE', price: 33_999 }, // Samsung
      { name: 'Tab P12', price: 25_999 }, // Lenovo
      { name: 'Pad 6', price: 23_999 }, // Xiaomi
      { name: 'iPad 10th Gen', price: 30_990 }, // Apple
      { name: 'Galaxy Tab S9', price: 72_999 }, // Samsung
      { name: 'Tab M11', price: 15_999 }, // Lenovo
      { name: 'Redmi Pad Pro', price: 21_999 }, // Xiaomi
      { name: 'iPad mini 7', price: 46_990 }, // Apple
    ],
    colors: ['gray', 'silver', 'blue', 'pink', 'purple'],
    features: ['11-inch Liquid Retina display', 'All-day battery life', 'Stylus and keyboard support', 'Quad speakers with Dolby Atmos'],
  },
  {
    category: 'Watches',
    kind: 'watch',
    brands: ['Apple', 'Samsung', 'Garmin', 'Fossil'],
    models: [
      { name: 'Watch Series 9 GPS', price: 38_990 }, // Apple
      { name: 'Galaxy Watch6 Classic', price: 32_999 }, // Samsung
      { name: 'Venu 3', price: 47_990 }, // Garmin
      { name: 'Gen 6 Smartwatch', price: 17_999 }, // Fossil
      { name: 'Watch SE 2nd Gen', price: 26_990 }, // Apple
      { name: 'Galaxy Watch6', price: 27_999 }, // Samsung
      { name: 'Forerunner 265', price: 44_990 }, // Garmin
      { name: 'Gen 6 Wellness Edition', price: 19_999 }, // Fossil
      { name: 'Watch Ultra 2', price: 87_990 }, // Apple
    ],
    colors: ['black', 'silver', 'gold', 'pink', 'green'],
    features: ['Always-on AMOLED display', 'Heart rate, SpO2 and sleep tracking', 'Built-in GPS', 'Water resistant to 50 m'],
  },
  {
    category: 'TVs',
    kind: 'tv',
    brands: ['Samsung', 'LG', 'Sony', 'TCL'],
    models: [
      { name: 'Crystal 4K UHD 55"', price: 41_990 }, // Samsung
      { name: 'OLED evo C3 55"', price: 139_990 }, // LG
      { name: 'Bravia X75L 50"', price: 57_990 }, // Sony
      { name: 'C645 QLED 55"', price: 37_990 }, // TCL
      { name: 'Neo QLED QN90C 65"', price: 199_990 }, // Samsung
      { name: 'UR7500 43"', price: 28_990 }, // LG
      { name: 'Bravia XR A80L 65"', price: 249_990 }, // Sony
      { name: 'P745 4K 50"', price: 31_990 }, // TCL
      { name: 'The Frame 55"', price: 109_990 }, // Samsung
    ],
    colors: ['black', 'gray', 'silver'],
    features: ['4K HDR with Dolby Vision', '120 Hz refresh for smooth motion', 'Smart TV with voice assistant', 'Three HDMI 2.1 ports'],
  },
  {
    category: 'Cameras',
    kind: 'camera',
    brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm'],
    models: [
      { name: 'EOS R50 Kit', price: 68_990 }, // Canon
      { name: 'Z50 Kit', price: 74_990 }, // Nikon
      { name: 'Alpha 7 IV Body', price: 214_990 }, // Sony
      { name: 'X-T30 II Kit', price: 89_999 }, // Fujifilm
      { name: 'EOS R8 Body', price: 119_990 }, // Canon
      { name: 'Z fc Kit', price: 82_990 }, // Nikon
      { name: 'ZV-E10 Kit', price: 61_990 }, // Sony
      { name: 'X-S20 Body', price: 114_999 }, // Fujifilm
      { name: 'EOS 1500D Kit', price: 39_990 }, // Canon
    ],
    colors: ['black', 'silver', 'gray'],
    features: ['24 MP sensor with fast autofocus', '4K video recording', 'Flip-out touch screen', 'Wi-Fi and Bluetooth transfer'],
  },
];

export const COLOR_NAMES = ['black', 'silver', 'white', 'gray', 'blue', 'red', 'gold', 'green', 'pink', 'purple'];

export const BLOGS: { title: string; category: 'Watch' | 'Tv' | 'Camera' | 'Laptop'; kind: DeviceKind; body: string[] }[] = [
  {
    title: 'How to choose a smartwatch that fits your day',
    category: 'Watch',
    kind: 'watch',
    body: [
      'Battery life, sensors and the apps you rely on matter more than the spec sheet.',
      'We compare fitness-first watches with all-rounders and tell you which suits whom.',
    ],
  },
  {
    title: 'OLED or QLED: picking a TV for a bright living room',
    category: 'Tv',
    kind: 'tv',
    body: [
      'OLED gives perfect blacks; QLED gets brighter. Your room decides.',
      'Here is how to read brightness, refresh rate and HDR claims without getting lost.',
    ],
  },
  {
    title: 'Your first mirrorless camera: a buying guide',
    category: 'Camera',
    kind: 'camera',
    body: [
      'Mirrorless cameras are lighter, faster and friendlier than ever.',
      'Sensor size, lenses and autofocus explained for beginners.',
    ],
  },
  {
    title: 'Thin and light laptops for students in 2026',
    category: 'Laptop',
    kind: 'laptop',
    body: [
      'A good student laptop lasts a full day of classes and survives a backpack.',
      'We picked machines across budgets with honest battery figures.',
    ],
  },
  {
    title: 'Five watch faces that make your mornings easier',
    category: 'Watch',
    kind: 'watch',
    body: [
      'A well-chosen watch face shows the weather, your first meeting and your steps at a glance.',
      'Try these layouts and set them up in two minutes.',
    ],
  },
  {
    title: 'Setting up a TV for movie night: sound, picture, seating',
    category: 'Tv',
    kind: 'tv',
    body: [
      'Switch off motion smoothing, pick the Filmmaker or Cinema mode and sit at the right distance.',
      'Add a soundbar if dialogue is hard to hear.',
    ],
  },
  {
    title: 'Travel photography: one camera, one lens',
    category: 'Camera',
    kind: 'camera',
    body: ['Packing light makes you a better photographer.', 'A compact body with a versatile zoom covers streets, food and landscapes.'],
  },
  {
    title: 'Keep your laptop battery healthy for years',
    category: 'Laptop',
    kind: 'laptop',
    body: ['Heat and long hours at 100% age a battery fastest.', 'Use the charge limit settings most laptops now include.'],
  },
];
