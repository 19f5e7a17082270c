const formatter = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Format an amount in rupees, as the API sends it, for display in the Indian grouping
 * (1,00,000.00). Display only: money is never computed from the formatted string.
 */
export function formatRupees(rupees: number): string {
  return formatter.format(rupees);
}

/**
 * The sum of rupee amounts (negative to subtract), added in whole paise so 0.1 + 0.2 shows as
 * 0.30. For previews only (a balance after a transfer); the server computes every real balance.
 */
export function sumRupeesForDisplay(...amounts: number[]): number {
  return amounts.reduce((paise, rupees) => paise + Math.round(rupees * 100), 0) / 100;
}

/** True when a typed amount has at most two decimals (rupees and paise), e.g. '10', '10.5', '10.25'. */
export function hasAtMostTwoDecimals(text: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(text.trim());
}
