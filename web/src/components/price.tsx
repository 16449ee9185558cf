// One formatter for the app: `toLocaleString('en-IN')` builds a new one on every call, which on a page of
// product cards was the largest single piece of script time while hydrating (36 ms of ~500 unthrottled).
const RUPEES = new Intl.NumberFormat('en-IN');

export const formatRupees = (amount: number) => `Rs. ${RUPEES.format(amount)}`;

export function Price({ amount, className = 'price' }: { amount: number; className?: string }) {
  return <span className={className}>{formatRupees(amount)}</span>;
}
