import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { type DeviceKind, productSvg } from '../../api/src/images/illustrations.js';

/**
 * The storefront's own pictures (the home page's hero and category tiles, the favicon) as WebP and PNG made
 * from their SVG at build time. A picture in an <img> that is an SVG is a document of its own: the browser
 * parses, lays out and paints it on the page's main thread, where a phone's first seconds are spent; a
 * raster picture is decoded off it. The drawings stay the api's (api/src/images/illustrations.ts), so the
 * repository holds no binary files.
 *
 * `import art from 'virtual:storefront-art'` gives each picture's address per width: art['laptop-silver-1'][192].
 */
export const ART_WIDTHS: Record<string, readonly number[]> = {
  'laptop-silver-1': [96, 192, 288, 420, 840],
  'headphones-black-2': [96, 192, 288],
  'tablet-blue-3': [96, 192, 288],
  'watch-gold-1': [96, 192, 288],
  'tv-black-2': [96, 192, 288],
  'camera-silver-3': [96, 192, 288],
  'laptop-black-1': [96, 192, 288],
};

const ID = 'virtual:storefront-art';
const RESOLVED = `\0${ID}`;

interface Picture {
  fileName: string;
  type: string;
  source: Buffer;
}

async function render(svg: string | Buffer, width: number, format: 'webp' | 'png'): Promise<Buffer> {
  const image = sharp(Buffer.from(svg), { density: 300 }).resize(width, width);
  return format === 'webp' ? image.webp({ quality: 82, effort: 6 }).toBuffer() : image.png({ compressionLevel: 9 }).toBuffer();
}

function named(name: string, ext: string, source: Buffer): string {
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
  return `assets/art/${name}-${hash}.${ext}`;
}

async function makeAll(
  faviconSvg: Buffer,
): Promise<{ map: Record<string, Record<number, string>>; favicon: Record<number, string>; files: Picture[] }> {
  const files: Picture[] = [];
  const map: Record<string, Record<number, string>> = {};
  for (const [name, widths] of Object.entries(ART_WIDTHS)) {
    const [kind, colour, variant] = name.split('-') as [DeviceKind, string, string];
    const svg = productSvg(kind, colour, Number(variant));
    const urls: Record<number, string> = {};
    map[name] = urls;
    for (const width of widths) {
      const source = await render(svg, width, 'webp');
      const fileName = named(`${name}-${width}`, 'webp', source);
      files.push({ fileName, type: 'image/webp', source });
      urls[width] = `/${fileName}`;
    }
  }
  const favicon: Record<number, string> = {};
  for (const width of [32, 180]) {
    const source = await render(faviconSvg, width, 'png');
    const fileName = named(`icon-${width}`, 'png', source);
    files.push({ fileName, type: 'image/png', source });
    favicon[width] = `/${fileName}`;
  }
  return { map, favicon, files };
}

export function storefrontArt(faviconFile: string): Plugin {
  let made: ReturnType<typeof makeAll> | undefined;
  const make = () => (made ??= readFile(faviconFile).then(makeAll));
  let ssr = false;
  return {
    name: 'digitic-storefront-art',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    resolveId: (id) => (id === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      return `export default ${JSON.stringify((await make()).map)};`;
    },
    async generateBundle() {
      if (ssr) return;
      for (const f of (await make()).files) this.emitFile({ type: 'asset', fileName: f.fileName, source: f.source });
    },
    // index.html names the favicon: its PNGs in place of the SVG.
    async transformIndexHtml(html) {
      const { favicon } = await make();
      return html.replace(
        /<link rel="icon"[^>]*>/,
        `<link rel="icon" href="${favicon[32]}" type="image/png" sizes="32x32" />\n    <link rel="apple-touch-icon" href="${favicon[180]}" />`,
      );
    },
    configureServer(server) {
      server.middlewares.use('/assets/art/', (req, res, next) => {
        void make().then(({ files }) => {
          const file = files.find((f) => `/${f.fileName}` === `/assets/art${req.url ?? ''}`);
          if (!file) return next();
          res.setHeader('Content-Type', file.type);
          res.end(file.source);
        });
      });
    },
  };
}
