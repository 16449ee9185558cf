import type { CategorySeed } from './types.js';

export const TABLETS: CategorySeed = {
  category: 'Tablets',
  kind: 'tablet',
  brands: ['Apple', 'Samsung', 'Lenovo', 'Xiaomi'],
  models: [
    {
      name: 'iPad Air 11 M2', // Apple
      price: 56_990,
      summary: 'A thin 11-inch tablet with the Apple M2 chip, suited to students and creators who draw, edit photos or take notes.',
      features: [
        '11-inch Liquid Retina display',
        'Apple M2 chip',
        'Works with Apple Pencil Pro and Magic Keyboard',
        'Touch ID and up to 10 hours of battery',
      ],
    },
    {
      name: 'Galaxy Tab S9 FE', // Samsung
      price: 33_999,
      summary: 'A mid-range Android tablet with an S Pen in the box, suited to students taking notes and families streaming shows.',
      features: [
        '10.9-inch 90 Hz LCD display',
        'S Pen included in the box',
        'IP68 water and dust resistance',
        '8,000 mAh battery with 45 W fast charging',
      ],
    },
    {
      name: 'Tab P12', // Lenovo
      price: 25_999,
      summary: 'A large-screen Android tablet with a sharp 3K display and JBL speakers, suited to streaming, study and split-screen work.',
      features: [
        '12.7-inch 3K display',
        'MediaTek Dimensity 7050 processor',
        'Quad JBL speakers with Dolby Atmos',
        '10,200 mAh battery for long use',
      ],
    },
    {
      name: 'Pad 6', // Xiaomi
      price: 23_999,
      summary: 'A fast 11-inch Android tablet with a smooth 144 Hz screen, suited to gaming, streaming and study.',
      features: [
        '11-inch 2.8K display at 144 Hz',
        'Qualcomm Snapdragon 870 processor',
        '8,840 mAh battery with 33 W fast charging',
        'Quad speakers with Dolby Atmos',
      ],
    },
    {
      name: 'iPad 10th Gen', // Apple
      price: 30_990,
      summary:
        'The everyday 10.9-inch tablet from Apple for browsing, classes and video calls, suited to students and families new to iPad.',
      features: [
        '10.9-inch Liquid Retina display',
        'A14 Bionic chip',
        'Touch ID and USB-C charging',
        'Works with Apple Pencil and Magic Keyboard Folio',
      ],
    },
    {
      name: 'Galaxy Tab S9', // Samsung
      price: 72_999,
      summary:
        "Samsung's high-end 11-inch Android tablet with an AMOLED screen and S Pen, suited to creators, note-takers and heavy multitaskers.",
      features: [
        '11-inch Dynamic AMOLED 2X display, 120 Hz',
        'Snapdragon 8 Gen 2 for Galaxy processor',
        'S Pen included, IP68 water and dust resistance',
        '8,400 mAh battery with 45 W fast charging',
      ],
    },
    {
      name: 'Tab M11', // Lenovo
      price: 15_999,
      summary: 'A budget-friendly Android tablet for streaming, online classes and reading, suited to families and school students.',
      features: [
        '10.95-inch WUXGA display at 90 Hz',
        'MediaTek Helio G88 processor',
        '7,040 mAh battery',
        'Quad speakers with Dolby Atmos',
      ],
    },
    {
      name: 'Redmi Pad Pro', // Xiaomi
      price: 21_999,
      summary: 'A big-screen Android tablet with a large battery, suited to streaming, online classes and long reading sessions.',
      features: [
        '12.1-inch 2.5K display at 120 Hz',
        'Snapdragon 7s Gen 2 processor',
        '10,000 mAh battery with 33 W fast charging',
        'Quad speakers with Dolby Atmos',
      ],
    },
    {
      name: 'iPad mini 7', // Apple
      price: 46_990,
      summary: 'A compact 8.3-inch tablet that fits in one hand, suited to readers, travellers and note-takers who want something small.',
      features: [
        '8.3-inch Liquid Retina display',
        'A17 Pro chip, ready for Apple Intelligence',
        'Works with Apple Pencil Pro',
        'Touch ID in the top button, USB-C port',
      ],
    },
  ],
  colors: ['gray', 'silver', 'blue', 'pink', 'purple'],
};
