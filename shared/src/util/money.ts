const formatter = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Format an amount in rupees, as the API sends it, for display in the Indian grouping
 * (1,00,000.00). Display only: money is never computed from the formatted string.
 */
export function formatRupees(rupees: number): string {
  return formatter.format(rupees);
}
