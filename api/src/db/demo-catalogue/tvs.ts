import type { CategorySeed } from './types.js';

export const TVS: CategorySeed = {
  category: 'TVs',
  kind: 'tv',
  brands: ['Samsung', 'LG', 'Sony', 'TCL'],
  models: [
    {
      name: 'Crystal 4K UHD 55"', // Samsung
      price: 41_990,
      summary: 'A 55-inch 4K LED smart TV with Tizen apps, suited to families wanting a big screen for shows, films and cricket.',
      features: [
        '55-inch 4K UHD LED panel',
        'Crystal Processor 4K with HDR10+',
        'PurColor for lifelike colour',
        'Tizen smart TV with popular OTT apps',
      ],
    },
    {
      name: 'OLED evo C3 55"', // LG
      price: 139_990,
      summary: 'A 55-inch 4K OLED smart TV with deep blacks, suited to film lovers and console gamers in a dim living room.',
      features: [
        '55-inch 4K OLED evo panel',
        'α9 AI Processor Gen6 with Dolby Vision',
        '120 Hz with four HDMI 2.1 ports for gaming',
        'webOS smart TV with Dolby Atmos sound',
      ],
    },
    {
      name: 'Bravia X75L 50"', // Sony
      price: 57_990,
      summary: 'A 50-inch 4K LED Google TV from Sony, suited to a mid-size bedroom or living room and everyday streaming.',
      features: ['50-inch 4K LED panel', '4K HDR Processor X1', 'Google TV with Chromecast built-in', 'Voice remote with Google Assistant'],
    },
    {
      name: 'C645 QLED 55"', // TCL
      price: 37_990,
      summary: 'A 55-inch 4K QLED Google TV with bright, rich colour, suited to families wanting a large screen on a sensible budget.',
      features: [
        '55-inch 4K QLED panel',
        'Dolby Vision, HDR10+ and Dolby Atmos',
        'Google TV with voice remote',
        'Game Master and MEMC for smooth motion',
      ],
    },
    {
      name: 'Neo QLED QN90C 65"', // Samsung
      price: 199_990,
      summary: 'A bright 65-inch 4K Neo QLED smart TV with Mini LED backlighting, suited to sunny living rooms, sport and gaming.',
      features: [
        '65-inch 4K Neo QLED with Quantum Mini LEDs',
        'Neural Quantum Processor 4K',
        'Anti-glare screen for bright rooms',
        'Motion Xcelerator for smooth games and sport',
      ],
    },
    {
      name: 'UR7500 43"', // LG
      price: 28_990,
      summary: 'A compact 43-inch 4K LED smart TV, suited to bedrooms and small living rooms or as a first 4K TV.',
      features: [
        '43-inch 4K UHD LED panel',
        'α5 AI Processor 4K Gen6',
        'HDR10 Pro and Filmmaker Mode',
        'webOS smart TV with built-in OTT apps',
      ],
    },
    {
      name: 'Bravia XR A80L 65"', // Sony
      price: 249_990,
      summary: "Sony's 65-inch 4K OLED Google TV, suited to home-theatre fans and PlayStation gamers who want deep blacks and rich sound.",
      features: [
        '65-inch 4K OLED panel',
        'Cognitive Processor XR',
        'Acoustic Surface Audio+ sound from the screen',
        'Google TV with 120 Hz gaming features for PS5',
      ],
    },
    {
      name: 'P745 4K 50"', // TCL
      price: 31_990,
      summary: 'A 50-inch 4K LED Google TV for an entry-level budget, suited to bedrooms and smaller living rooms.',
      features: ['50-inch 4K LED panel', '4K HDR picture, HDR10 supported', 'Google TV with voice remote', 'Slim, bezel-less metal design'],
    },
    {
      name: 'The Frame 55"', // Samsung
      price: 109_990,
      summary: 'A 55-inch 4K QLED lifestyle TV that shows art when idle, suited to living rooms where the TV should look like decor.',
      features: [
        '55-inch 4K QLED panel',
        'Anti-reflection matte display',
        'Art Mode shows paintings and photos when idle',
        'Slim design that hangs flat like a picture',
      ],
    },
  ],
  colors: ['black', 'gray', 'silver'],
};
