import type { DeviceKind } from '../images/illustrations.js';

export interface ModelSeed {
  /** The product's title after its brand (the brand is the category's `brands` in turn). */
  name: string;
  /** Its own price in rupees: a typical Indian street price for the model, ending in 9 or 90 as shops price. */
  price: number;
  /**
   * One plain sentence on what the product is and who it suits, without prices. Plain text, no `<`, `>` or `&`:
   * seed.ts writes it into the description's HTML as it is.
   */
  summary: string;
  /** Four short bullet points of this model's own key facts (plain text too), each at most 60 characters. */
  features: string[];
}

export interface CategorySeed {
  category: string;
  kind: DeviceKind;
  /** Taken in turn: model i is made by brands[i % brands.length]. */
  brands: string[];
  models: ModelSeed[];
  colors: string[];
}

// A demo catalogue: nine products in each of six categories, several brands each. Each model carries its own
// price, so a flagship costs more than its brand's budget model whatever their place in the list. No two
// products share a price: the journeys pick products by their place in the price order.
//
// Each model carries its own words too: a summary and four facts of that model as sold in India, never its
// category's. Shared features once gave every tablet, Lenovo and Samsung alike, an iPad's "Liquid Retina display".
// Search reads the descriptions, so the texts use the words shoppers type where they are true ("noise cancelling",
// "mirrorless", "fitness", "55-inch", "OLED") and keep other categories' words out: a tablet's text that said
// "camera" or "laptop" would turn up under those searches.
export const CATEGORIES: CategorySeed[] = [
  {
    category: 'Laptops',
    kind: 'laptop',
    brands: ['Apple', 'Dell', 'HP', 'Lenovo', 'Asus'],
    models: [
      {
        name: 'MacBook Air 13 M3', // Apple
        price: 104_990,
        summary:
          'A thin, fanless 13-inch laptop with the Apple M3 chip, suited to students and professionals who want all-day battery life.',
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
  },
  {
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
        summary:
          'Comfortable over-ear headphones with noise cancelling and a light, cushioned fit, suited to long flights and busy offices.',
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
  },
  {
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
        summary:
          'A large-screen Android tablet with a sharp 3K display and JBL speakers, suited to streaming, study and split-screen work.',
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
  },
  {
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
  },
  {
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
        features: [
          '50-inch 4K LED panel',
          '4K HDR Processor X1',
          'Google TV with Chromecast built-in',
          'Voice remote with Google Assistant',
        ],
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
        summary:
          "Sony's 65-inch 4K OLED Google TV, suited to home-theatre fans and PlayStation gamers who want deep blacks and rich sound.",
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
        features: [
          '50-inch 4K LED panel',
          '4K HDR picture, HDR10 supported',
          'Google TV with voice remote',
          'Slim, bezel-less metal design',
        ],
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
  },
  {
    category: 'Cameras',
    kind: 'camera',
    brands: ['Canon', 'Nikon', 'Sony', 'Fujifilm'],
    models: [
      {
        name: 'EOS R50 Kit', // Canon
        price: 68_990,
        summary: 'A small, easy mirrorless camera with a kit zoom lens, suited to beginners and vloggers stepping up from a phone.',
        features: [
          '24.2 MP APS-C sensor, DIGIC X processor',
          'Dual Pixel CMOS AF II with subject detection',
          '4K video oversampled from 6K',
          'RF-S 18-45mm kit lens, vari-angle touchscreen',
        ],
      },
      {
        name: 'Z50 Kit', // Nikon
        price: 74_990,
        summary: 'A compact mirrorless camera with a deep, comfortable grip, suited to beginners and travellers moving up from a phone.',
        features: [
          '20.9 MP APS-C sensor, EXPEED 6',
          '4K video and up to 11 fps bursts',
          'Tilting touchscreen that flips down for selfies',
          'Nikon Z mount with NIKKOR Z DX 16-50mm lens',
        ],
      },
      {
        name: 'Alpha 7 IV Body', // Sony
        price: 214_990,
        summary:
          'A full-frame mirrorless camera for serious photographers and hybrid video shooters, supplied as body only without a lens.',
        features: [
          '33 MP full-frame sensor, BIONZ XR processor',
          'Real-time Eye AF for people, animals and birds',
          '4K 60p 10-bit video',
          '5-axis in-body stabilisation, Sony E-mount',
        ],
      },
      {
        name: 'X-T30 II Kit', // Fujifilm
        price: 89_999,
        summary:
          'A light, retro-styled mirrorless camera with classic dials and Fujifilm colour, suited to street and travel photographers.',
        features: [
          '26.1 MP X-Trans CMOS 4 APS-C sensor',
          '18 Film Simulation modes',
          '4K 30p video and tilting touchscreen',
          'Dials for shutter speed and exposure',
        ],
      },
      {
        name: 'EOS R8 Body', // Canon
        price: 119_990,
        summary: 'A light full-frame mirrorless camera for enthusiasts moving up from APS-C, supplied as body only without a lens.',
        features: [
          '24.2 MP full-frame CMOS sensor',
          'Dual Pixel CMOS AF II with subject detection',
          '4K 60p video oversampled from 6K',
          'About 461 g with battery, Canon RF mount',
        ],
      },
      {
        name: 'Z fc Kit', // Nikon
        price: 82_990,
        summary:
          "A retro-styled mirrorless camera inspired by Nikon's film SLRs, suited to style-conscious beginners and travel photographers.",
        features: [
          '20.9 MP APS-C sensor, EXPEED 6',
          'Dials for shutter speed, ISO and exposure',
          'Vari-angle touchscreen and 4K video',
          'Nikon Z mount, supplied with a kit lens',
        ],
      },
      {
        name: 'ZV-E10 Kit', // Sony
        price: 61_990,
        summary:
          'A vlogging-focused mirrorless camera with interchangeable lenses, suited to YouTubers and content creators filming themselves.',
        features: [
          '24.2 MP APS-C sensor, Sony E-mount',
          'Side-flip vari-angle screen for vlogging',
          '4K video with Product Showcase mode',
          'Directional 3-capsule mic with windscreen',
        ],
      },
      {
        name: 'X-S20 Body', // Fujifilm
        price: 114_999,
        summary:
          'A compact hybrid mirrorless camera with in-body stabilisation, suited to photographers and creators shooting both stills and video.',
        features: [
          '26.1 MP APS-C sensor, X-Processor 5',
          'In-body stabilisation up to 7 stops',
          '6.2K and 4K 60p video, Vlog mode',
          'Large NP-W235 battery for long shoots',
        ],
      },
      {
        name: 'EOS 1500D Kit', // Canon
        price: 39_990,
        summary: 'An entry-level DSLR camera with an optical viewfinder and a kit zoom lens, suited to beginners learning photography.',
        features: [
          '24.1 MP APS-C sensor, DIGIC 4+',
          'Optical viewfinder and 9-point autofocus',
          'Full HD video recording',
          'Wi-Fi and NFC, EF-S 18-55mm kit lens',
        ],
      },
    ],
    colors: ['black', 'silver', 'gray'],
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
