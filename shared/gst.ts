/**
 * India's GST facts a receipt needs (docs/decisions/0092-receipts-and-refunds.md): the state codes
 * that open every GSTIN and name a place of supply, and the GSTIN's own check. The Worker prints
 * them on receipts; the billing form offers the states and checks a GSTIN before sending it.
 */

export interface GstState {
  /** The two-digit code GSTINs start with. */
  code: string;
  name: string;
  /**
   * A Union Territory without its own legislature: a supply within it pays UTGST where a state
   * would pay SGST. Delhi, Puducherry and Jammu and Kashmir have legislatures and pay SGST.
   */
  utgst: boolean;
}

/**
 * The codes in use since Dadra and Nagar Haveli merged with Daman and Diu (26) in 2020; the
 * retired 25 and pre-2014 Andhra Pradesh's 28 are left out, as are the Centre's own 99.
 */
export const GST_STATES: readonly GstState[] = [
  { code: '01', name: 'Jammu and Kashmir', utgst: false },
  { code: '02', name: 'Himachal Pradesh', utgst: false },
  { code: '03', name: 'Punjab', utgst: false },
  { code: '04', name: 'Chandigarh', utgst: true },
  { code: '05', name: 'Uttarakhand', utgst: false },
  { code: '06', name: 'Haryana', utgst: false },
  { code: '07', name: 'Delhi', utgst: false },
  { code: '08', name: 'Rajasthan', utgst: false },
  { code: '09', name: 'Uttar Pradesh', utgst: false },
  { code: '10', name: 'Bihar', utgst: false },
  { code: '11', name: 'Sikkim', utgst: false },
  { code: '12', name: 'Arunachal Pradesh', utgst: false },
  { code: '13', name: 'Nagaland', utgst: false },
  { code: '14', name: 'Manipur', utgst: false },
  { code: '15', name: 'Mizoram', utgst: false },
  { code: '16', name: 'Tripura', utgst: false },
  { code: '17', name: 'Meghalaya', utgst: false },
  { code: '18', name: 'Assam', utgst: false },
  { code: '19', name: 'West Bengal', utgst: false },
  { code: '20', name: 'Jharkhand', utgst: false },
  { code: '21', name: 'Odisha', utgst: false },
  { code: '22', name: 'Chhattisgarh', utgst: false },
  { code: '23', name: 'Madhya Pradesh', utgst: false },
  { code: '24', name: 'Gujarat', utgst: false },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', utgst: true },
  { code: '27', name: 'Maharashtra', utgst: false },
  { code: '29', name: 'Karnataka', utgst: false },
  { code: '30', name: 'Goa', utgst: false },
  { code: '31', name: 'Lakshadweep', utgst: true },
  { code: '32', name: 'Kerala', utgst: false },
  { code: '33', name: 'Tamil Nadu', utgst: false },
  { code: '34', name: 'Puducherry', utgst: false },
  { code: '35', name: 'Andaman and Nicobar Islands', utgst: true },
  { code: '36', name: 'Telangana', utgst: false },
  { code: '37', name: 'Andhra Pradesh', utgst: false },
  { code: '38', name: 'Ladakh', utgst: true },
  { code: '97', name: 'Other Territory', utgst: true },
];

export function gstState(code: string | null | undefined): GstState | undefined {
  return code ? GST_STATES.find((state) => state.code === code) : undefined;
}

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** State code, PAN (five letters, four digits, a letter), entity number, the default Z, check character. */
const GSTIN_SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The GSTIN's check character: a Luhn mod 36 over its first fourteen characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (const [index, character] of [...first14].entries()) {
    const product = GSTIN_ALPHABET.indexOf(character) * (index % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] ?? '';
}

/** Spaces dropped and letters capitalised, as people type a GSTIN. */
export function normaliseGstin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** A GSTIN of the right shape, a state in use and the right check character. */
export function isValidGstin(gstin: string): boolean {
  return GSTIN_SHAPE.test(gstin) && gstState(gstin.slice(0, 2)) !== undefined && gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The state a GSTIN is registered in. */
export function gstinStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}
