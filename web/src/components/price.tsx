export const formatRupees = (amount: number) => `Rs. ${amount.toLocaleString('en-IN')}`;

export function Price({ amount, className = 'price' }: { amount: number; className?: string }) {
  return <span className={className}>{formatRupees(amount)}</span>;
}
