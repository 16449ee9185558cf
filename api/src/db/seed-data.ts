import type { DeviceKind } from '../images/illustrations.js';

export interface CategorySeed {
  category: string;
  kind: DeviceKind;
  brands: string[];
  models: string[];
  priceFrom: number;
  priceStep: number;
  colors: string[];
  features: string[];
}

// A demo catalogue: nine products in each of six categories, several brands each.
export const CATEGORIES: CategorySeed[] = [
  {
    category: 'Laptops',
    kind: 'laptop',
    brands: ['Apple', 'Dell', 'HP', 'Lenovo', 'Asus'],
    models: [
      'MacBook Air 13 M3',
      'XPS 13 Plus',
      'Spectre x360 14',
      'ThinkPad X1 Carbon Gen 12',
      'Zenbook 14 OLED',
      'MacBook Pro 14 M3 Pro',
      'Inspiron 15 3530',
      'Pavilion Plus 14',
      'IdeaPad Slim 5',
    ],
    priceFrom: 45_990,
    priceStep: 18_500,
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
      'WH-1000XM5 Wireless',
      'QuietComfort Ultra',
      'Tune 770NC',
      'Momentum 4 Wireless',
      'WH-CH720N',
      'QuietComfort 45',
      'Live 660NC',
      'HD 450BT',
      'ULT Wear',
    ],
    priceFrom: 2_999,
    priceStep: 3_400,
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
      'iPad Air 11 M2',
      'Galaxy Tab S9 FE',
      'Tab P12',
      'Pad 6',
      'iPad 10th Gen',
      'Galaxy Tab S9',
      'Tab M11',
      'Redmi Pad Pro',
      'iPad mini 7',
    ],
    priceFrom: 14_999,
    priceStep: 9_800,
    colors: ['gray', 'silver', 'blue', 'pink', 'purple'],
    features: ['11-inch Liquid Retina display', 'All-day battery life', 'Stylus and keyboard support', 'Quad speakers with Dolby Atmos'],
  },
  {
    category: 'Watches',
    kind: 'watch',
    brands: ['Apple', 'Samsung', 'Garmin', 'Fossil'],
    models: [
      'Watch Series 9 GPS',
      'Galaxy Watch6 Classic',
      'Venu 3',
      'Gen 6 Smartwatch',
      'Watch SE 2nd Gen',
      'Galaxy Watch6',
      'Forerunner 265',
      'Gen 6 Wellness Edition',
      'Watch Ultra 2',
    ],
    priceFrom: 9_999,
    priceStep: 7_600,
    colors: ['black', 'silver', 'gold', 'pink', 'green'],
    features: ['Always-on AMOLED display', 'Heart rate, SpO2 and sleep tracking', 'Built-in GPS', 'Water resistant to 50 m'],
  },
  {
    category: 'TVs',
    kind: 'tv',
    brands: ['Samsung', 'LG', 'Sony', 'TCL'],
    models: [
      'Crystal 4K UHD 55"',
      'OLED evo C3 55"',
      'Bravia X75L 50"',
      'C645 QLED 55"',
      'Neo QLED QN90C 65"',
      'UR7500 43"',
      'Bravia XR A80L 65"',
      'P745 4K 50"',
      'The Frame 55"',
    ],
    priceFrom: 21_990,
    priceStep: 24_000,
    colors: ['black', 'gray', 'silver'],
    features: ['4K HDR with Dolby Vision', '120 Hz refresh for smooth motion', 'Smart TV with voice assistant', 'Three HDMI 2.1 ports'],
  },
  {
    category: 'Cameras',
    kind: 'camera',
    brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm'],
    models: [
      'EOS R50 Kit',
      'Z50 Kit',
      'Alpha 7 IV Body',
      'X-T30 II Kit',
      'EOS R8 Body',
      'Z fc Kit',
      'ZV-E10 Kit',
      'X-S20 Body',
      'EOS 1500D Kit',
    ],
    priceFrom: 36_990,
    priceStep: 21_000,
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
