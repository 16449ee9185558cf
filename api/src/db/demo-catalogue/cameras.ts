import type { CategorySeed } from './types.js';

export const CAMERAS: CategorySeed = {
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
      summary: 'A full-frame mirrorless camera for serious photographers and hybrid video shooters, supplied as body only without a lens.',
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
      summary: 'A light, retro-styled mirrorless camera with classic dials and Fujifilm colour, suited to street and travel photographers.',
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
};
