import type { ShopInfoQuery } from '../lib/__generated__/shop-info';

type Info = ShopInfoQuery['shopInfo'] | undefined;

/** The officer's contact is customer care's (the default until one is named): the page links it once, where care's is. */
const same = (a: string, b: string | undefined) => b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Who sells and who hears complaints, as the Consumer Protection (E-Commerce) Rules, 2020 ask every page to
 * show: the seller's legal name, address and GSTIN (what its tax invoices say), and the grievance officer.
 */
export function SellerDetails({ info }: { info: Info }) {
  const seller = info?.seller;
  const officer = info?.grievanceOfficer;
  return (
    <div className="seller-details">
      {seller && (
        <p>
          Sold by {seller.legalName}, {seller.address}. GSTIN {seller.gstin}.
        </p>
      )}
      {officer && (
        <p>
          Grievance Officer: {officer.name}, {officer.designation},{' '}
          {same(officer.email, info?.email) ? officer.email : <a href={`mailto:${officer.email}`}>{officer.email}</a>},{' '}
          {same(officer.phone, info?.phone) ? officer.phone : <a href={`tel:${officer.phone}`}>{officer.phone}</a>}.
        </p>
      )}
    </div>
  );
}
