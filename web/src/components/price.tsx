/**
 * Rupees as India writes them: the last three digits, then groups of two (12,34,567). Whole rupees (every
 * price of the shop) are grouped here by hand: the first `Intl.NumberFormat('en-IN')` of a page loads the
 * locale's data, 20–40 ms of script while a page of product cards hydrates, and `toLocaleString` builds a
 * formatter on every call. Anything else (a fraction, a huge or odd number) goes to Intl, made when first needed.
 */
let intl: Intl.NumberFormat | undefined;

export function groupIndian(amount: number): string {
  if (!Number.isSafeInteger(amount)) return (intl ??= new Intl.NumberFormat('en-IN')).format(amount);
  const digits = String(Math.abs(amount));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last3}` : last3;
  return amount < 0 || Object.is(amount, -0) ? `-${grouped}` : grouped;
}

export const formatRupees = (amount: number) => `Rs. ${groupIndian(amount)}`;

/** An amount of paise (a tax) as rupees and paise, the rupees grouped as India writes them: Rs. 15,254.24. */
export const formatPaise = (paise: number) =>
  `${paise < 0 ? '-' : ''}Rs. ${groupIndian(Math.floor(Math.abs(paise) / 100))}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

// "Rs." and its number are one thing to read: a narrow column never puts them on two lines.
const ONE_LINE = { whiteSpace: 'nowrap' } as const;

export function Price({ amount, className = 'price' }: { amount: number; className?: string }) {
  return (
    <span className={className} style={ONE_LINE}>
      {formatRupees(amount)}
    </span>
  );
}
