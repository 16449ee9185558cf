import type { CategorySeed } from './types.js';

export const LAPTOPS: CategorySeed = {
  category: 'Laptops',
  kind: 'laptop',
  brands: ['Apple', 'Dell', 'HP', 'Lenovo', 'Asus'],
  models: [
    {
      name: 'MacBook Air 13 M3', // Apple
      price: 104_990,
      summary: 'A thin, fanless 13-inch laptop with the Apple M3 chip, suited to students and professionals who want all-day battery life.',
      features: [
        '13.6-inch Liquid Retina display',
        'Apple M3 chip with 8-core CPU',
        'Up to 18 hours of battery life',
        'Silent fanless design, about 1.24 kg',
      ],
    },
    {
      name: 'XPS 13 Plus', // Dell
      price: 179_990,
      summary:
        'A compact 13-inch Windows laptop with an edge-to-edge keyboard and glass touchpad, suited to professionals who work on the move.',
      features: [
        '13.4-inch InfinityEdge display',
        'Intel Core processor with Iris Xe graphics',
        'Touch function row and seamless glass touchpad',
        'Two Thunderbolt 4 USB-C ports',
      ],
    },
    {
      name: 'Spectre x360 14', // HP
      price: 164_999,
      summary:
        'A 14-inch convertible laptop with an OLED touchscreen that folds back on its hinge, suited to professionals who sketch, take notes or present.',
      features: [
        '14-inch 2.8K OLED touchscreen',
        'Intel Core Ultra processor with built-in NPU',
        '360-degree hinge for laptop, tent and stand modes',
        'Touch and pen input with the HP Tilt Pen',
      ],
    },
    {
      name: 'ThinkPad X1 Carbon Gen 12', // Lenovo
      price: 194_990,
      summary: 'A light, durable 14-inch business laptop with a full set of ports, suited to professionals who travel and type a lot.',
      features: [
        '14-inch 16:10 display',
        'Intel Core Ultra processor',
        'Carbon-fibre chassis, MIL-STD-810H tested',
        'Thunderbolt 4, USB-A and HDMI ports',
      ],
    },
    {
      name: 'Zenbook 14 OLED', // Asus
      price: 84_990,
      summary: 'A slim 14-inch laptop with an OLED screen and a large battery, suited to students, home users and everyday office work.',
      features: [
        '14-inch OLED display',
        '75 Wh battery for long working days',
        'Slim, light aluminium body',
        'USB-C, USB-A and HDMI ports',
      ],
    },
    {
      name: 'MacBook Pro 14 M3 Pro', // Apple
      price: 189_990,
      summary:
        'A 14-inch pro laptop with the Apple M3 Pro chip, suited to developers, photographers and video editors who need sustained performance.',
      features: [
        '14.2-inch Liquid Retina XDR display, 120 Hz',
        'Apple M3 Pro chip for demanding creative work',
        'Up to 18 hours of battery life',
        'Thunderbolt 4, HDMI, SD card slot and MagSafe 3',
      ],
    },
    {
      name: 'Inspiron 15 3530', // Dell
      price: 54_990,
      summary: 'An affordable 15-inch Windows laptop for study, home and office work, suited to families and students on a budget.',
      features: [
        '15.6-inch Full HD anti-glare display',
        '13th Gen Intel Core processor',
        'Full-size keyboard with number pad',
        'USB-C, two USB-A, HDMI and SD card slot',
      ],
    },
    {
      name: 'Pavilion Plus 14', // HP
      price: 78_999,
      summary: 'A slim 14-inch laptop with an OLED screen, suited to students and young professionals for work, study and streaming.',
      features: [
        '14-inch 2.8K OLED display',
        'Intel Core processor in a slim metal body',
        'Backlit keyboard and 5MP webcam',
        'HP Fast Charge for quick top-ups',
      ],
    },
    {
      name: 'IdeaPad Slim 5', // Lenovo
      price: 69_990,
      summary: 'A slim, well-built 14-inch laptop for everyday work and study, suited to students and home offices wanting good value.',
      features: [
        '14-inch 16:10 Full HD+ display',
        'Backlit keyboard and fingerprint reader',
        '1080p webcam with privacy shutter',
        'USB-C, USB-A and HDMI ports',
      ],
    },
  ],
  colors: ['silver', 'gray', 'black', 'blue', 'gold'],
};
