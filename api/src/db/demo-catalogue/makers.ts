// Who makes the demo's brands, and where (what a listing says under the Legal Metrology rules). Demo details:
// the companies' names and cities, no real address, and said to be a demo. Goods made abroad are imported by
// the demo's seller, as a shop that imports its stock would be.

/** A brand's maker, and the country (ISO 3166-1) its demo products are made in. */
export interface Maker {
  madeIn: string;
  manufacturer: string;
}

const DEMO = '(demo details: not a real address)';

export const MAKERS: Readonly<Record<string, Maker>> = {
  Apple: { madeIn: 'CN', manufacturer: `Apple Inc., Cupertino, California, United States ${DEMO}` },
  Asus: { madeIn: 'CN', manufacturer: `ASUSTeK Computer Inc., Taipei, Taiwan ${DEMO}` },
  Bose: { madeIn: 'CN', manufacturer: `Bose Corporation, Framingham, Massachusetts, United States ${DEMO}` },
  Canon: { madeIn: 'JP', manufacturer: `Canon Inc., Tokyo, Japan ${DEMO}` },
  Dell: { madeIn: 'IN', manufacturer: `Dell International Services India Private Limited, Chennai, Tamil Nadu ${DEMO}` },
  Fossil: { madeIn: 'CN', manufacturer: `Fossil Group, Inc., Richardson, Texas, United States ${DEMO}` },
  Fujifilm: { madeIn: 'JP', manufacturer: `Fujifilm Corporation, Tokyo, Japan ${DEMO}` },
  Garmin: { madeIn: 'TW', manufacturer: `Garmin Corporation, New Taipei City, Taiwan ${DEMO}` },
  HP: { madeIn: 'IN', manufacturer: `HP India Sales Private Limited, Bengaluru, Karnataka ${DEMO}` },
  JBL: { madeIn: 'CN', manufacturer: `Harman International Industries, Stamford, Connecticut, United States ${DEMO}` },
  Lenovo: { madeIn: 'IN', manufacturer: `Lenovo (India) Private Limited, Puducherry ${DEMO}` },
  LG: { madeIn: 'IN', manufacturer: `LG Electronics India Limited, Greater Noida, Uttar Pradesh ${DEMO}` },
  Nikon: { madeIn: 'TH', manufacturer: `Nikon Corporation, Tokyo, Japan ${DEMO}` },
  Samsung: { madeIn: 'IN', manufacturer: `Samsung India Electronics Private Limited, Noida, Uttar Pradesh ${DEMO}` },
  Sennheiser: { madeIn: 'DE', manufacturer: `Sennheiser electronic SE & Co. KG, Wedemark, Germany ${DEMO}` },
  Sony: { madeIn: 'MY', manufacturer: `Sony Corporation, Tokyo, Japan ${DEMO}` },
  TCL: { madeIn: 'IN', manufacturer: `TCL India Holdings Private Limited, Tirupati, Andhra Pradesh ${DEMO}` },
  Xiaomi: { madeIn: 'IN', manufacturer: `Xiaomi Technology India Private Limited, Bengaluru, Karnataka ${DEMO}` },
};

/** Who imports the demo's goods made abroad: the demo's seller (config's DEMO_SELLER). */
export const DEMO_IMPORTER = 'Digitic Electronics Private Limited, Ahmedabad, Gujarat (demo details: not a real business)';
