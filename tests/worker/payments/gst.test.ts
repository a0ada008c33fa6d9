/** The arithmetic of receipts: GSTINs, places of supply, the tax split to the paisa, financial years. */
import { describe, expect, it } from 'vitest';
import { GST_STATES, gstinCheckCharacter, isValidGstin } from '#shared/gst';
import { isPrintableOnReceipt, plainPunctuation } from '#shared/payments';
import { financialYear, indianDate, placeOfSupply, rupees, taxBreakdown, taxKind, type TaxKind } from '../../../worker/payments/gst';

describe('GSTINs', () => {
  it('accepts the published examples and refuses a wrong check character, shape or state', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
    expect(gstinCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z')).toBe(false);
    expect(isValidGstin('27aapfu0939f1zv')).toBe(false);
    expect(isValidGstin(`99AAPFU0939F1Z${gstinCheckCharacter('99AAPFU0939F1Z')}`)).toBe(false);
    expect(isValidGstin(`27AAPFU0939F1X${gstinCheckCharacter('27AAPFU0939F1X')}`)).toBe(false);
  });

  it('knows every state once, the Union Territories that pay UTGST among them', () => {
    expect(new Set(GST_STATES.map((state) => state.code)).size).toBe(GST_STATES.length);
    expect(GST_STATES.filter((state) => state.utgst).map((state) => state.code)).toEqual(['04', '26', '31', '35', '38', '97']);
  });
});

describe('the place of supply and the kind of tax', () => {
  it('is the GSTIN\'s state, else the address on record, else the supplier\'s (IGST Act, section 12(2))', () => {
    expect(placeOfSupply({ gstin: '27AAPFU0939F1ZV', stateCode: '27' }, '29')).toBe('27');
    expect(placeOfSupply({ gstin: null, stateCode: '33' }, '29')).toBe('33');
    expect(placeOfSupply({ gstin: null, stateCode: null }, '29')).toBe('29');
    expect(placeOfSupply({ gstin: null, stateCode: null }, null)).toBeNull();
  });

  it('is CGST with SGST (UTGST in a Union Territory) within the supplier\'s state, IGST otherwise, none unregistered', () => {
    expect(taxKind(true, '29', '29')).toBe('cgst_sgst');
    expect(taxKind(true, '04', '04')).toBe('cgst_utgst');
    expect(taxKind(true, '07', '07')).toBe('cgst_sgst');
    expect(taxKind(true, '29', '27')).toBe('igst');
    expect(taxKind(true, '29', null)).toBe('igst');
    expect(taxKind(false, '29', '29')).toBe('none');
  });
});

describe('the tax split', () => {
  it('adds up to the price paid, to the paisa, for every purchase the pricing page allows', () => {
    const kinds: TaxKind[] = ['igst', 'cgst_sgst', 'cgst_utgst', 'none'];
    for (const kind of kinds) {
      for (let credits = 1; credits <= 100; credits += 1) {
        const total = credits * 69_900;
        const tax = taxBreakdown(total, kind);
        expect(tax.taxableValue + tax.cgst + tax.sgst + tax.utgst + tax.igst + tax.roundOff).toBe(total);
        expect(Math.abs(tax.roundOff)).toBeLessThanOrEqual(1);
        if (kind === 'none') continue;
        // Each tax is 9 % or 18 % of the taxable value, rounded to the paisa.
        if (kind === 'igst') expect(tax.igst).toBe(Math.round(tax.taxableValue * 0.18));
        else expect(tax.cgst).toBe(Math.round(tax.taxableValue * 0.09));
        expect(Math.abs(tax.taxableValue - total / 1.18)).toBeLessThanOrEqual(2);
      }
    }
  });

  it('prints ₹699 as 592.37 + 106.63 IGST, or 592.38 + 53.31 + 53.31 within the state', () => {
    expect(taxBreakdown(69_900, 'igst')).toEqual({ taxableValue: 59_237, rateBasisPoints: 1800, cgst: 0, sgst: 0, utgst: 0, igst: 10_663, roundOff: 0, total: 69_900 });
    expect(taxBreakdown(69_900, 'cgst_sgst')).toMatchObject({ taxableValue: 59_238, cgst: 5331, sgst: 5331, roundOff: 0 });
    expect(taxBreakdown(69_900, 'none')).toMatchObject({ taxableValue: 69_900, rateBasisPoints: 0, igst: 0 });
  });

  it('uses a round-off line for a price no taxable value reaches exactly', () => {
    // Within a state each 9 % half rounds on its own, so the sum of taxable value and taxes skips some totals.
    const reachable = Array.from({ length: 500 }, (_, index) => taxBreakdown(100 + index, 'cgst_sgst'));
    expect(reachable.some((tax) => tax.roundOff !== 0)).toBe(true);
    for (const tax of reachable) expect(tax.taxableValue + tax.cgst + tax.sgst + tax.roundOff).toBe(tax.total);
  });
});

describe('dates and figures', () => {
  it('numbers receipts by the Indian financial year, which turns at midnight on 1 April in India', () => {
    expect(financialYear(Date.parse('2027-03-31T18:29:59Z'))).toBe('2026-27');
    expect(financialYear(Date.parse('2027-03-31T18:30:00Z'))).toBe('2027-28');
    expect(financialYear(Date.parse('2026-11-23T10:00:00Z'))).toBe('2026-27');
    expect(financialYear(Date.parse('2099-06-01T00:00:00Z'))).toBe('2099-00');
    expect(indianDate(Date.parse('2027-03-31T18:30:00Z'))).toBe('1 Apr 2027');
  });

  it('writes paise as rupees with Indian grouping', () => {
    expect(rupees(838_800)).toBe('8,388.00');
    expect(rupees(6_990_000)).toBe('69,900.00');
    expect(rupees(123_456_789)).toBe('12,34,567.89');
    expect(rupees(-1)).toBe('-0.01');
  });

  it('keeps only what the receipt\'s font can print', () => {
    expect(plainPunctuation('“Jaali” – Studio’s')).toBe('"Jaali" - Studio\'s');
    expect(isPrintableOnReceipt('Café Müller, 4/2\nBengaluru')).toBe(true);
    expect(isPrintableOnReceipt('वास्तु')).toBe(false);
    expect(isPrintableOnReceipt('tab\there')).toBe(false);
  });
});
