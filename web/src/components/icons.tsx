import type { SVGProps } from 'react';

// Inline icons: the shop loads nothing from a CDN.
const base = (props: SVGProps<SVGSVGElement>) => ({ width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true, ...props });

export const HeartIcon = ({ filled = false, ...p }: SVGProps<SVGSVGElement> & { filled?: boolean }) => (
  <svg {...base(p)} fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2">
    <path d="M12 21s-7.5-4.6-9.5-9.2C1 8.3 3.2 5 6.6 5c2 0 3.4 1.1 4.4 2.6C12 6.1 13.4 5 15.4 5 18.8 5 21 8.3 19.5 11.8 17.5 16.4 12 21 12 21z" />
  </svg>
);
export const UserIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </svg>
);
export const CartIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.8a2 2 0 0 0 2-1.5L21 8H6" />
    <circle cx="10" cy="20" r="1.5" />
    <circle cx="17" cy="20" r="1.5" />
  </svg>
);
export const SearchIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);
export const MenuIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const CopyIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="2">
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a2 2 0 0 1 2-2h10" />
  </svg>
);
export const GridIcon = ({ columns, ...p }: SVGProps<SVGSVGElement> & { columns: number }) => {
  const bars = Math.max(1, Math.round(12 / columns));
  const w = 20 / bars;
  return (
    <svg {...base(p)} fill="currentColor">
      {Array.from({ length: bars }, (_, i) => (
        <rect key={i} x={2 + i * w} y="3" width={Math.max(1.5, w - 1.5)} height="18" rx="1" />
      ))}
    </svg>
  );
};
const social = (d: string) =>
  function SocialIcon(p: SVGProps<SVGSVGElement>) {
    return (
      <svg {...base(p)} fill="currentColor">
        <path d={d} />
      </svg>
    );
  };
export const FacebookIcon = social('M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.3-.6.6-.6z');
export const InstagramIcon = social(
  'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm5.5-8.8a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4zM7 2h10a5 5 0 0 1 5 5v10a5 5 0 0 1-5 5H7a5 5 0 0 1-5-5V7a5 5 0 0 1 5-5z',
);
export const LinkedinIcon = social(
  'M4 9h4v12H4zM6 3a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm4 6h4v1.7c.6-1 2-2 4-2 4 0 4.5 2.6 4.5 6V21h-4v-5.6c0-1.4 0-3.2-2-3.2s-2.5 1.5-2.5 3.1V21h-4z',
);
export const YoutubeIcon = social(
  'M22 8.2a3 3 0 0 0-2-2C18.3 5.8 12 5.8 12 5.8s-6.3 0-8 .4a3 3 0 0 0-2 2A31 31 0 0 0 1.7 12a31 31 0 0 0 .3 3.8 3 3 0 0 0 2 2c1.7.4 8 .4 8 .4s6.3 0 8-.4a3 3 0 0 0 2-2 31 31 0 0 0 .3-3.8 31 31 0 0 0-.3-3.8zM10 15V9l5.2 3z',
);
export const TrashIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
  </svg>
);
