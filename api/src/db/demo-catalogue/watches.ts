import type { CategorySeed } from './types.js';

export const WATCHES: CategorySeed = {
  category: 'Watches',
  kind: 'watch',
  brands: ['Apple', 'Samsung', 'Garmin', 'Fossil'],
  models: [
    {
      name: 'Watch Series 9 GPS', // Apple
      price: 38_990,
      summary:
        'An everyday smartwatch for iPhone users that doubles as a health and fitness tracker, with calls and notifications on the wrist.',
      features: [
        'Always-On Retina display, 41 or 45 mm',
        'S9 chip with double tap gesture',
        'ECG, heart rate and blood oxygen sensing',
        'Built-in GPS, water resistant to 50 m',
      ],
    },
    {
      name: 'Galaxy Watch6 Classic', // Samsung
      price: 32_999,
      summary:
        'A classic-looking Android smartwatch with a rotating bezel, suited to Samsung Galaxy phone owners who want health and fitness tracking.',
      features: [
        'Physical rotating bezel, 43 or 47 mm',
        'Super AMOLED display with sapphire crystal',
        'Heart rate, sleep and body composition tracking',
        'Wear OS with built-in GPS, 5ATM and IP68',
      ],
    },
    {
      name: 'Venu 3', // Garmin
      price: 47_990,
      summary:
        'A GPS smartwatch and fitness tracker with an AMOLED screen and long battery life, suited to people building healthy everyday habits.',
      features: [
        '1.4-inch AMOLED display',
        'Up to 14 days of battery in smartwatch mode',
        'Built-in GPS for runs, rides and walks',
        'Fitness tracking with Body Battery and sleep coach',
      ],
    },
    {
      name: 'Gen 6 Smartwatch', // Fossil
      price: 17_999,
      summary:
        'A Wear OS smartwatch with a classic round design, suited to Android users who want notifications and basic fitness tracking.',
      features: [
        '1.28-inch AMOLED touchscreen',
        'Snapdragon Wear 4100+ platform',
        'Heart rate and SpO2 tracking',
        'Fast charging: about 80% in 30 minutes',
      ],
    },
    {
      name: 'Watch SE 2nd Gen', // Apple
      price: 26_990,
      summary:
        "Apple's entry-level smartwatch, suited to first-time Apple Watch owners and families who want safety features and activity tracking.",
      features: [
        'Retina display, 40 or 44 mm',
        'Crash Detection and Fall Detection',
        'Heart rate alerts and sleep tracking',
        'Built-in GPS, water resistant to 50 m',
      ],
    },
    {
      name: 'Galaxy Watch6', // Samsung
      price: 27_999,
      summary: 'A slim Android smartwatch and everyday health, sleep and fitness tracker, suited to Samsung Galaxy phone users.',
      features: [
        'Super AMOLED display, 40 or 44 mm',
        'Heart rate, sleep and body composition tracking',
        'Built-in GPS, 5ATM and IP68 rating',
        'Wear OS with One UI Watch',
      ],
    },
    {
      name: 'Forerunner 265', // Garmin
      price: 44_990,
      summary:
        'A GPS running watch and fitness tracker with training guidance, suited to runners preparing for a 10K, half marathon or marathon.',
      features: [
        '1.3-inch AMOLED display',
        'Multi-band GPS for accurate routes',
        'Fitness insights: training readiness, HRV, VO2 max',
        'Up to 13 days of battery in smartwatch mode',
      ],
    },
    {
      name: 'Gen 6 Wellness Edition', // Fossil
      price: 19_999,
      summary:
        'A fitness-minded Wear OS smartwatch with its own wellness app, suited to Android users tracking workouts, sleep and heart rate.',
      features: [
        '1.28-inch AMOLED touchscreen',
        'Fossil Wellness app for workouts and sleep',
        'Heart rate and SpO2 tracking',
        'Wear OS 3 on Snapdragon Wear 4100+',
      ],
    },
    {
      name: 'Watch Ultra 2', // Apple
      price: 87_990,
      summary:
        "Apple's rugged outdoor smartwatch for iPhone users, suited to divers, trail runners and hikers who need long battery life and precise GPS.",
      features: [
        '49 mm titanium case, 3000-nit display',
        'Precision dual-frequency GPS',
        'Up to 36 hours of battery, 72 in Low Power Mode',
        'Water resistant to 100 m, dive-ready to 40 m',
      ],
    },
  ],
  colors: ['black', 'silver', 'gold', 'pink', 'green'],
};
