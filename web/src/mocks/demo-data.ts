// The mock api's catalogue (npm run dev:mock): a few products of each kind the shop sells, two blogs.
// Pictures are drawn here (SVG), so the mock shop needs no server at all.

export interface DemoColor {
  id: string;
  title: string;
}
export interface DemoReview {
  id: string;
  star: number;
  comment: string;
  authorName: string;
  createdAt: string;
}
export interface DemoProduct {
  id: string;
  title: string;
  slug: string;
  description: string;
  price: number;
  category: string;
  brand: string;
  tags: string[];
  colors: DemoColor[];
  /** Units in stock in each colour, in the order of `colors`. */
  stock: number[];
  createdAt: string;
  reviews: DemoReview[];
}
export interface DemoBlog {
  id: string;
  title: string;
  description: string;
  category: string;
  createdAt: string;
}

export const COLORS: DemoColor[] = [
  { id: 'c-black', title: 'black' },
  { id: 'c-silver', title: 'silver' },
  { id: 'c-blue', title: 'blue' },
];

const [black, silver, blue] = COLORS as [DemoColor, DemoColor, DemoColor];

/** A picture for a title: its initials on a tinted square. */
export function picture(title: string, hue: number): string {
  const initials = title
    .split(' ')
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="hsl(${hue} 40% 88%)"/><text x="200" y="230" font-family="sans-serif" font-size="96" text-anchor="middle" fill="hsl(${hue} 40% 30%)">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const product = (n: number, p: Omit<DemoProduct, 'id' | 'slug' | 'createdAt' | 'reviews' | 'description'>): DemoProduct => ({
  ...p,
  id: `demo-product-${n}`,
  slug: p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  description: `<p>${p.title}: a ${p.category.toLowerCase().replace(/s$/, '')} by ${p.brand}, from the mock catalogue.</p>`,
  createdAt: new Date(Date.UTC(2026, 9, n)).toISOString(),
  reviews: [],
});

export const PRODUCTS: DemoProduct[] = [
  product(1, {
    title: 'Apple MacBook Air 13 M3',
    price: 104990,
    category: 'Laptops',
    brand: 'Apple',
    tags: ['featured', 'popular'],
    colors: [silver, black],
    stock: [12, 12],
  }),
  product(2, {
    title: 'Dell XPS 13 Plus',
    price: 179990,
    category: 'Laptops',
    brand: 'Dell',
    tags: ['special'],
    colors: [black],
    stock: [5],
  }),
  product(3, {
    title: 'Sony WH-1000XM5',
    price: 29990,
    category: 'Headphones',
    brand: 'Sony',
    tags: ['featured', 'special'],
    colors: [black, silver],
    stock: [30, 0],
  }),
  product(4, {
    title: 'Samsung Galaxy Tab S9',
    price: 58999,
    category: 'Tablets',
    brand: 'Samsung',
    tags: ['popular', 'new'],
    colors: [blue],
    stock: [8],
  }),
  product(5, {
    title: 'Apple Watch Series 10',
    price: 41900,
    category: 'Watches',
    brand: 'Apple',
    tags: ['featured'],
    colors: [silver, black],
    stock: [20, 20],
  }),
  product(6, {
    title: 'LG OLED C4 55',
    price: 139990,
    category: 'TVs',
    brand: 'LG',
    tags: ['special', 'popular'],
    colors: [black],
    stock: [3],
  }),
  product(7, {
    title: 'Canon EOS R50',
    price: 68990,
    category: 'Cameras',
    brand: 'Canon',
    tags: ['featured', 'new'],
    colors: [black],
    stock: [0],
  }),
  product(8, {
    title: 'Boat Rockerz 550',
    price: 1799,
    category: 'Headphones',
    brand: 'Boat',
    tags: ['popular'],
    colors: [blue, black],
    stock: [50, 50],
  }),
];

export const BLOGS: DemoBlog[] = [
  {
    id: 'demo-blog-1',
    title: 'How to choose a laptop for college',
    description: '<p>Weight, battery and a keyboard you like: what matters most on a campus.</p>',
    category: 'Guides',
    createdAt: '2026-10-20T09:00:00.000Z',
  },
  {
    id: 'demo-blog-2',
    title: 'Noise cancelling, explained',
    description: '<p>What the microphones in your headphones do, and when it helps.</p>',
    category: 'Reviews',
    createdAt: '2026-11-02T09:00:00.000Z',
  },
];

/** The seller and the grievance officer every page names (the demo's stand-ins, saying so). */
export const MOCK_DISCLOSURES = {
  seller: {
    legalName: 'Digitic Electronics Private Limited (demo details: not a real business)',
    address: 'Unit 4, Demo Business Park, S G Highway, Ahmedabad 380054, Gujarat, India',
    state: 'Gujarat',
    gstin: '24AAACD1234F1ZD',
    demo: true,
  },
  grievanceOfficer: {
    name: 'Not yet named (demo details)',
    designation: 'Grievance Officer',
    email: 'support@digitic.example',
    phone: '+971 4 000 0000',
  },
};
