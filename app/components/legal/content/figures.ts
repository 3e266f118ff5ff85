// Figures the texts quote, in the product's Italian notation in both languages (€ 1.234,50).
import { formatNumber, formatPrice } from "../../../lib/format.ts";

/** A price in cents as shown: "€ 490,00". */
export const price = (cents: number) => formatPrice(cents / 100);

/** The same price without VAT (prices are VAT included): 49000 cents at 22 % → "€ 401,64". */
export const priceExVat = (cents: number, vatRate: number) => formatPrice(Math.round(cents / (1 + vatRate / 100)) / 100);

/** A percentage: "22 %". */
export const percent = (value: number) => `${formatNumber(value)} %`;
