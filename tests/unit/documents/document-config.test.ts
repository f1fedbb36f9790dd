import { describe, expect, it } from 'vitest';
import { SAMPLE_SELLER_GSTIN } from '@/domain/gst';
import { taxSettingsFromEnv } from '@/domain/tax-settings';
import { loadConfig } from '../../../server/config';

const base = { FIREBASE_PROJECT_ID: 'demo-site' };

describe('seller and tax configuration', () => {
  it('when nothing is set, then the seller is the company in Karnataka (29), unregistered, with 18% GST included in prices', () => {
    const { documents } = loadConfig(base);
    expect(documents.seller).toMatchObject({ state: 'Karnataka', stateCode: '29', gstin: null });
    expect(documents.seller.name).toBe('Nimbus Bespoke Software Private Limited');
    expect(documents.tax).toEqual({ registered: false, ratePercent: 18, pricesIncludeGst: true });
    expect(documents.sacDefault).toBe('998314');
    expect(documents.prefixes).toEqual({ invoice: 'NB', creditNote: 'CN', proforma: 'PI', quote: 'QT' });
  });

  it('when a GSTIN is set (any case), then documents are tax invoices and the GSTIN is upper-cased', () => {
    const { documents } = loadConfig({ ...base, SELLER_STATE: 'Maharashtra', SELLER_GSTIN: '27aapfu0939f1zv' });
    expect(documents.seller).toMatchObject({ state: 'Maharashtra', stateCode: '27', gstin: '27AAPFU0939F1ZV' });
    expect(documents.tax.registered).toBe(true);
  });

  it("when the GSTIN is npm start's sample, then a demo project runs with it and a real project is refused", () => {
    expect(loadConfig({ ...base, SELLER_GSTIN: SAMPLE_SELLER_GSTIN }).documents.tax.registered).toBe(true);
    const real = {
      FIREBASE_PROJECT_ID: 'nimbus-prod',
      PAY_LINK_SECRET: 'x'.repeat(32),
      RAZORPAY_KEY_ID: 'k',
      RAZORPAY_KEY_SECRET: 's',
    };
    expect(() => loadConfig({ ...real, SELLER_GSTIN: SAMPLE_SELLER_GSTIN })).toThrow(/sample, no real business's/);
    expect(loadConfig({ ...real, SELLER_GSTIN: '29AAAAB0000B1ZV' }).documents.seller.gstin).toBe('29AAAAB0000B1ZV');
  });

  it('when SELLER_UDYAM is set, then documents carry the Udyam number, the bank rate and a term of at most 45 days; a bad number or a longer default term is refused', () => {
    expect(loadConfig(base).documents.msme).toBeNull();
    expect(
      loadConfig({ ...base, SELLER_UDYAM: ' udyam-kr-03-0012345 ', MSME_BANK_RATE_PERCENT: '6.25' }).documents.msme,
    ).toEqual({
      udyam: 'UDYAM-KR-03-0012345',
      bankRatePercent: 6.25,
      defaultTermDays: 15,
    });
    expect(() => loadConfig({ ...base, SELLER_UDYAM: 'UDYAM-KR-3-0012345' })).toThrow(
      /SELLER_UDYAM: must be UDYAM-XX-00-0000000/,
    );
    expect(() => loadConfig({ ...base, SELLER_UDYAM: 'UDYAM-KR-03-0012345', PROFORMA_DUE_DAYS: '46' })).toThrow(
      /PROFORMA_DUE_DAYS 46 is more than the 45 days/,
    );
    expect(() => loadConfig({ ...base, MSME_BANK_RATE_PERCENT: '5.555' })).toThrow(
      /MSME_BANK_RATE_PERCENT: at most two decimals/,
    );
  });

  it('when the GSTIN is invalid or registered in another state, then loading refuses with the reason', () => {
    expect(() => loadConfig({ ...base, SELLER_GSTIN: '27AAPFU0939F1ZW' })).toThrow(/SELLER_GSTIN: .*not valid/);
    expect(() => loadConfig({ ...base, SELLER_GSTIN: '27AAPFU0939F1ZV' })).toThrow(/registered in state 27/);
  });

  it('when the state is not an Indian state, then SELLER_STATE_CODE is required and must be a real code', () => {
    expect(() => loadConfig({ ...base, SELLER_STATE: 'Bangalore' })).toThrow(/SELLER_STATE_CODE/);
    expect(
      loadConfig({ ...base, SELLER_STATE: 'Bangalore Urban', SELLER_STATE_CODE: '29' }).documents.seller.state,
    ).toBe('Karnataka');
    expect(() => loadConfig({ ...base, SELLER_STATE: 'Nowhere', SELLER_STATE_CODE: '55' })).toThrow(
      /not a GST state code/,
    );
    expect(() => loadConfig({ ...base, SELLER_STATE_CODE: '27' })).toThrow(/not the code of Karnataka/);
  });

  it('when the rate, the pricing, the SAC codes and the prefixes are set, then they are used', () => {
    const { documents } = loadConfig({
      ...base,
      GST_RATE: '12.5',
      PRICES_INCLUDE_GST: 'false',
      SAC_CODES: 'learning=999293, website = 998315',
      DOCUMENT_PREFIX: 'AB',
      CREDIT_NOTE_PREFIX: 'ABC',
    });
    expect(documents.tax).toMatchObject({ ratePercent: 12.5, pricesIncludeGst: false });
    expect(documents.sacCodes).toEqual({ learning: '999293', website: '998315' });
    expect(documents.prefixes).toEqual({ invoice: 'AB', creditNote: 'ABC', proforma: 'PI', quote: 'QT' });
  });

  it('when a value cannot make a valid document, then loading refuses', () => {
    expect(() => loadConfig({ ...base, GST_RATE: '18.125' })).toThrow(/GST_RATE/);
    expect(() => loadConfig({ ...base, DOCUMENT_PREFIX: 'NBSW' })).toThrow(/DOCUMENT_PREFIX/);
    expect(() => loadConfig({ ...base, DOCUMENT_PREFIX: 'N/B' })).toThrow(/DOCUMENT_PREFIX/);
    expect(() => loadConfig({ ...base, CREDIT_NOTE_PREFIX: 'NB' })).toThrow(/must differ/);
    expect(() => loadConfig({ ...base, PROFORMA_PREFIX: 'nb' })).toThrow(/must differ/);
    expect(() => loadConfig({ ...base, QUOTE_PREFIX: 'pi' })).toThrow(/must differ/);
    expect(() => loadConfig({ ...base, SAC_CODES: 'website:998314' })).toThrow(/SAC_CODES/);
    expect(() => loadConfig({ ...base, SAC_DEFAULT: '12345' })).toThrow(/SAC_DEFAULT/);
  });

  it('when the site is built with the same variables, then it has the tax settings the API charges by', () => {
    const variants = [
      {},
      { PRICES_INCLUDE_GST: 'false', GST_RATE: '12.5' },
      { SELLER_STATE: 'Maharashtra', SELLER_GSTIN: '27aapfu0939f1zv' },
      { SELLER_STATE: 'Maharashtra', SELLER_GSTIN: '27AAPFU0939F1ZV', PRICES_INCLUDE_GST: 'false', GST_RATE: '28' },
    ];
    for (const env of variants) {
      expect(taxSettingsFromEnv(env), JSON.stringify(env)).toEqual(loadConfig({ ...base, ...env }).documents.tax);
    }
    expect(() => taxSettingsFromEnv({ SELLER_GSTIN: '27AAPFU0939F1ZW' })).toThrow(/SELLER_GSTIN: .*not valid/);
    expect(() => taxSettingsFromEnv({ GST_RATE: 'many' })).toThrow(/GST_RATE/);
  });
});
