/**
 * The arithmetic of a receipt (docs/decisions/0092-receipts-and-refunds.md): which GST applies,
 * how the price splits into taxable value and tax, and the financial year a receipt is numbered
 * in. Pure functions of integers (paise), tested without a database.
 */
import { gstinStateCode, gstState } from '#shared/gst';

/** GST on Parti's service: 18 %, in hundredths of a percent. */
const GST_RATE_BASIS_POINTS = 1800;

/**
 * SAC 998314, "information technology design and development services", as the brief chose:
 * credits buy renders made by Parti's software on demand. An accountant may prefer another
 * code; it lives here, and each receipt keeps the code it was issued with.
 */
export const RECEIPT_SAC = '998314';

/** India Standard Time, UTC+05:30 all year: receipt dates and financial years are Indian. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/**
 * How the tax is levied: one IGST across states; CGST with SGST (or UTGST in a Union Territory
 * without a legislature) within one; none on a receipt that is not a tax invoice.
 */
export type TaxKind = 'igst' | 'cgst_sgst' | 'cgst_utgst' | 'none';

export interface TaxBreakdown {
  taxableValue: number;
  rateBasisPoints: number;
  cgst: number;
  sgst: number;
  utgst: number;
  igst: number;
  /** What per-tax rounding to the paisa leaves over, so the lines add up to `total`. */
  roundOff: number;
  total: number;
}

/**
 * The place of supply of a service to a business is where it is registered (its GSTIN's state);
 * to anyone else, their address on record, else the supplier's own location (IGST Act, section
 * 12(2)). Null only when neither side's state is known.
 */
export function placeOfSupply(customer: { gstin: string | null; stateCode: string | null }, supplierStateCode: string | null): string | null {
  if (customer.gstin) return gstinStateCode(customer.gstin);
  return customer.stateCode ?? supplierStateCode;
}

/** Intra-state when the place of supply is the supplier's own state; otherwise (or unknown) IGST. */
export function taxKind(taxInvoice: boolean, supplierStateCode: string | null, supplyStateCode: string | null): TaxKind {
  if (!taxInvoice) return 'none';
  if (supplierStateCode === null || supplyStateCode !== supplierStateCode) return 'igst';
  return gstState(supplierStateCode)?.utgst ? 'cgst_utgst' : 'cgst_sgst';
}

/** Tax at `basisPoints` on `taxable` paise, rounded to the nearest paisa. */
function taxAt(taxable: number, basisPoints: number): number {
  return Math.round((taxable * basisPoints) / 10_000);
}

function taxesOf(taxable: number, kind: Exclude<TaxKind, 'none'>): Omit<TaxBreakdown, 'taxableValue' | 'rateBasisPoints' | 'roundOff' | 'total'> {
  if (kind === 'igst') return { cgst: 0, sgst: 0, utgst: 0, igst: taxAt(taxable, GST_RATE_BASIS_POINTS) };
  const half = taxAt(taxable, GST_RATE_BASIS_POINTS / 2);
  return kind === 'cgst_sgst' ? { cgst: half, sgst: half, utgst: 0, igst: 0 } : { cgst: half, sgst: 0, utgst: half, igst: 0 };
}

/**
 * Splits a tax-inclusive price into taxable value and GST. The price is what was paid, so the
 * taxable value is chosen (within two paise of price ÷ 1.18) so that it and its taxes, each rounded
 * to the paisa, add up to the price exactly; when no value does, the paisa or two left over is a
 * round-off line.
 */
export function taxBreakdown(total: number, kind: TaxKind): TaxBreakdown {
  if (kind === 'none') return { taxableValue: total, rateBasisPoints: 0, cgst: 0, sgst: 0, utgst: 0, igst: 0, roundOff: 0, total };
  const estimate = Math.round((total * 10_000) / (10_000 + GST_RATE_BASIS_POINTS));
  const candidates = [0, -1, 1, -2, 2].map((step) => estimate + step);
  const exact = candidates.find((taxable) => {
    const taxes = taxesOf(taxable, kind);
    return taxable + taxes.cgst + taxes.sgst + taxes.utgst + taxes.igst === total;
  });
  const taxableValue = exact ?? estimate;
  const taxes = taxesOf(taxableValue, kind);
  const roundOff = total - (taxableValue + taxes.cgst + taxes.sgst + taxes.utgst + taxes.igst);
  return { taxableValue, rateBasisPoints: GST_RATE_BASIS_POINTS, ...taxes, roundOff, total };
}

/** The Indian financial year (1 April to 31 March, IST) an instant falls in: `2026-27`. */
export function financialYear(atMs: number): string {
  const ist = new Date(atMs + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** The calendar date in India of an instant, as a receipt prints it: `23 Nov 2026`. */
export function indianDate(atMs: number): string {
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(atMs);
}

/** Paise as rupees with Indian digit grouping and two decimals: 838800 → `8,388.00`. */
export function rupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const absolute = Math.abs(paise);
  const whole = new Intl.NumberFormat('en-IN').format(Math.floor(absolute / 100));
  return `${sign}${whole}.${String(absolute % 100).padStart(2, '0')}`;
}
