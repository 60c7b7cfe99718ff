/** What the ledger needs to show a currency: the platform id, symbol and display name. */
export interface CurrencyInfo {
  id: number;
  symbol: string;
  name: string;
}

/**
 * The currencies spec section 3 names (1 RUB, 2 Br, 3 UAH, 10 USD, 12 EUR, 18 GBP, 20 TRY, 99 INR) plus those the
 * brands already use (87 KZT, 250 USDT). Callers pass the brand's `global.currencies` where they have it; this is
 * the fallback, so a balance never shows without a symbol.
 */
export const DEFAULT_CURRENCIES: Readonly<Record<string, CurrencyInfo>> = Object.freeze({
  RUB: { id: 1, symbol: '₽', name: 'Russian rouble' },
  BYN: { id: 2, symbol: 'Br', name: 'Belarusian rouble' },
  UAH: { id: 3, symbol: '₴', name: 'Ukrainian hryvnia' },
  USD: { id: 10, symbol: '$', name: 'US dollar' },
  EUR: { id: 12, symbol: '€', name: 'Euro' },
  GBP: { id: 18, symbol: '£', name: 'Pound sterling' },
  TRY: { id: 20, symbol: '₺', name: 'Turkish lira' },
  KZT: { id: 87, symbol: '₸', name: 'Kazakhstani tenge' },
  INR: { id: 99, symbol: '₹', name: 'Indian rupee' },
  USDT: { id: 250, symbol: '₮', name: 'Tether' },
});
