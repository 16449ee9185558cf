import type { DeviceKind } from '../images/illustrations.js';
import type { CategorySeed } from './demo-catalogue/types.js';
import { LAPTOPS } from './demo-catalogue/laptops.js';
import { HEADPHONES } from './demo-catalogue/headphones.js';
import { TABLETS } from './demo-catalogue/tablets.js';
import { WATCHES } from './demo-catalogue/watches.js';
import { TVS } from './demo-catalogue/tvs.js';
import { CAMERAS } from './demo-catalogue/cameras.js';

// A demo catalogue: nine products in each of six categories, several brands each. Each model carries its own
// price, so a flagship costs more than its brand's budget model whatever their place in the list. No two
// products share a price: the journeys pick products by their place in the price order.
//
// Each model carries its own words too: a summary and four facts of that model as sold in India, never its
// category's. Shared features once gave every tablet, Lenovo and Samsung alike, an iPad's "Liquid Retina display".
// Search reads the descriptions, so the texts use the words shoppers type where they are true ("noise cancelling",
// "mirrorless", "fitness", "55-inch", "OLED") and keep other categories' words out: a tablet's text that said
// "camera" or "laptop" would turn up under those searches.
export const CATEGORIES: CategorySeed[] = [LAPTOPS, HEADPHONES, TABLETS, WATCHES, TVS, CAMERAS];

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
