// Device illustrations drawn as SVG, so the offline shop has real-looking pictures and no binary assets.

export const DEVICE_KINDS = ['laptop', 'headphones', 'tablet', 'watch', 'tv', 'camera'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export const PALETTE: Record<string, string> = {
  black: '#23252b',
  silver: '#c9ccd1',
  white: '#f4f4f2',
  gray: '#7d828a',
  blue: '#2f5fb3',
  red: '#c8372d',
  gold: '#d4b06a',
  green: '#4f8a5b',
  pink: '#e9a6b8',
  purple: '#6f4aa8',
};

const BACKDROPS = [
  ['#eef2f7', '#dfe6f0'],
  ['#f7f1ea', '#efe3d3'],
  ['#eaf5f1', '#d8ece4'],
];

function shade(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) => Math.max(0, Math.min(255, ((n >> shift) & 255) + amount));
  return `#${((ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).padStart(6, '0')}`;
}

const screen = `<linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1b2a4a"/><stop offset=".55" stop-color="#2f6fd6"/><stop offset="1" stop-color="#8fd3ff"/></linearGradient>`;

function device(kind: DeviceKind, body: string): string {
  const dark = shade(body, -40);
  const light = shade(body, 30);
  switch (kind) {
    case 'laptop':
      return `<rect x="120" y="150" width="360" height="235" rx="14" fill="${dark}"/><rect x="136" y="166" width="328" height="203" rx="4" fill="url(#scr)"/>
<path d="M80 395 h440 l-30 40 h-380 z" fill="${body}"/><rect x="255" y="398" width="90" height="8" rx="4" fill="${dark}"/>`;
    case 'headphones':
      return `<path d="M170 330 v-40 a130 130 0 0 1 260 0 v40" fill="none" stroke="${dark}" stroke-width="26" stroke-linecap="round"/>
<rect x="130" y="300" width="80" height="140" rx="36" fill="${body}"/><rect x="390" y="300" width="80" height="140" rx="36" fill="${body}"/>
<rect x="150" y="320" width="40" height="100" rx="18" fill="${light}"/><rect x="410" y="320" width="40" height="100" rx="18" fill="${light}"/>`;
    case 'tablet':
      return `<rect x="175" y="110" width="250" height="380" rx="28" fill="${body}"/><rect x="192" y="130" width="216" height="340" rx="10" fill="url(#scr)"/>
<circle cx="300" cy="120" r="4" fill="${dark}"/>`;
    case 'watch':
      return `<rect x="250" y="90" width="100" height="130" rx="18" fill="${dark}"/><rect x="250" y="380" width="100" height="130" rx="18" fill="${dark}"/>
<rect x="205" y="190" width="190" height="220" rx="52" fill="${body}"/><rect x="222" y="208" width="156" height="184" rx="40" fill="#10151f"/>
<circle cx="300" cy="300" r="58" fill="none" stroke="url(#scr)" stroke-width="10"/><path d="M300 300 v-40 M300 300 h28" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
<rect x="393" y="270" width="14" height="40" rx="5" fill="${light}"/>`;
    case 'tv':
      return `<rect x="70" y="140" width="460" height="280" rx="10" fill="${dark}"/><rect x="82" y="152" width="436" height="256" rx="4" fill="url(#scr)"/>
<path d="M270 420 h60 l20 50 h-100 z" fill="${body}"/><rect x="200" y="466" width="200" height="12" rx="6" fill="${body}"/>`;
    case 'camera':
      return `<rect x="110" y="210" width="380" height="230" rx="26" fill="${body}"/><rect x="150" y="180" width="110" height="40" rx="10" fill="${dark}"/>
<circle cx="300" cy="325" r="92" fill="${dark}"/><circle cx="300" cy="325" r="70" fill="#0f1624"/><circle cx="300" cy="325" r="46" fill="url(#scr)"/>
<circle cx="280" cy="305" r="12" fill="#fff" opacity=".6"/><rect x="400" y="235" width="56" height="26" rx="6" fill="${light}"/>`;
  }
}

export function productSvg(kind: DeviceKind, color: string, variant: number): string {
  const body = PALETTE[color] ?? PALETTE.black ?? '#23252b';
  const [from, to] = BACKDROPS[(variant - 1) % BACKDROPS.length] ?? ['#eef2f7', '#dfe6f0'];
  const tilt = [0, -6, 6][(variant - 1) % 3] ?? 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${color} ${kind}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>${screen}</defs>
<rect width="600" height="600" fill="url(#bg)"/><ellipse cx="300" cy="520" rx="220" ry="22" fill="#000" opacity=".08"/>
<g transform="rotate(${tilt} 300 300)">${device(kind, body)}</g></svg>`;
}

export function blogSvg(kind: DeviceKind, variant: number): string {
  const [from, to] = [
    ['#1f3c88', '#5eb3f6'],
    ['#7a2e8e', '#f08fb6'],
    ['#115e59', '#7ad1a8'],
  ][(variant - 1) % 3] ?? ['#1f3c88', '#5eb3f6'];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500" role="img" aria-label="${kind} story">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>${screen}</defs>
<rect width="800" height="500" fill="url(#bg)"/><circle cx="680" cy="90" r="120" fill="#fff" opacity=".08"/><circle cx="90" cy="440" r="160" fill="#fff" opacity=".06"/>
<g transform="translate(100 -50) scale(1)">${device(kind, '#f4f4f2')}</g></svg>`;
}
