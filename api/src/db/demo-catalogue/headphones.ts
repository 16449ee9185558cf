import type { CategorySeed } from './types.js';

export const HEADPHONES: CategorySeed = {
  category: 'Headphones',
  kind: 'headphones',
  brands: ['Sony', 'Bose', 'JBL', 'Sennheiser'],
  models: [
    {
      name: 'WH-1000XM5 Wireless', // Sony
      price: 29_990,
      summary:
        "Sony's flagship wireless over-ear headphones with strong noise cancelling and clear calls, suited to frequent flyers and long commutes.",
      features: [
        'Noise cancelling with eight microphones',
        'Up to 30 hours of battery life',
        '3-minute charge for 3 hours of playback',
        'LDAC and multipoint Bluetooth connection',
      ],
    },
    {
      name: 'QuietComfort Ultra', // Bose
      price: 34_990,
      summary:
        "Bose's flagship over-ear headphones with noise cancelling and spatial audio, suited to travellers who want quiet and comfort on long journeys.",
      features: [
        'Noise cancelling with Quiet, Aware and Immersion modes',
        'Bose Immersive Audio for spatial sound',
        'Up to 24 hours of battery life',
        'Bluetooth multipoint and aptX Adaptive support',
      ],
    },
    {
      name: 'Tune 770NC', // JBL
      price: 5_999,
      summary:
        'Affordable wireless over-ear headphones with noise cancelling and very long battery life, suited to students and daily commuters.',
      features: [
        'Adaptive noise cancelling with Smart Ambient',
        'Up to 70 hours of playback with ANC off',
        'JBL Pure Bass sound',
        'Bluetooth 5.3 with multipoint connection',
      ],
    },
    {
      name: 'Momentum 4 Wireless', // Sennheiser
      price: 24_990,
      summary:
        "Sennheiser's wireless over-ear headphones with noise cancelling and a very long battery, suited to music lovers who want detailed sound.",
      features: [
        'Adaptive noise cancelling',
        'Up to 60 hours of battery life',
        '42 mm transducers for detailed sound',
        'aptX Adaptive and Bluetooth multipoint',
      ],
    },
    {
      name: 'WH-CH720N', // Sony
      price: 9_990,
      summary: 'Light, comfortable wireless headphones, a good first pair with noise cancelling for students and everyday commuters.',
      features: [
        'Noise cancelling with Integrated Processor V1',
        'Up to 35 hours of battery life',
        'Lightweight at about 192 g',
        'Multipoint Bluetooth and DSEE upscaling',
      ],
    },
    {
      name: 'QuietComfort 45', // Bose
      price: 22_990,
      summary: 'Comfortable over-ear headphones with noise cancelling and a light, cushioned fit, suited to long flights and busy offices.',
      features: [
        'Noise cancelling with Quiet and Aware modes',
        'Up to 24 hours of battery life',
        '15-minute charge for 3 hours of listening',
        'Bluetooth multipoint and USB-C charging',
      ],
    },
    {
      name: 'Live 660NC', // JBL
      price: 8_999,
      summary:
        'Wireless over-ear headphones with noise cancelling and JBL Signature Sound, suited to commuters who like lively, bass-rich music.',
      features: [
        'Adaptive noise cancelling with Ambient Aware',
        'Up to 50 hours of playback with ANC off',
        '40 mm drivers with JBL Signature Sound',
        'Multipoint connection and hands-free calls',
      ],
    },
    {
      name: 'HD 450BT', // Sennheiser
      price: 7_490,
      summary:
        "Sennheiser's well-priced wireless over-ear headphones with noise cancelling, suited to everyday listening at home and on the move.",
      features: [
        'Active noise cancelling',
        'Up to 30 hours of battery life',
        'aptX Low Latency and AAC codecs',
        'Foldable design with USB-C charging',
      ],
    },
    {
      name: 'ULT Wear', // Sony
      price: 16_990,
      summary:
        'Bass-focused wireless over-ear headphones with noise cancelling, suited to listeners who enjoy EDM, hip-hop and Bollywood beats.',
      features: [
        'ULT button for extra deep bass',
        'Noise cancelling with Integrated Processor V1',
        'Up to 30 hours of battery life',
        'Multipoint Bluetooth and built-in mics for calls',
      ],
    },
  ],
  colors: ['black', 'white', 'blue', 'silver', 'pink'],
};
