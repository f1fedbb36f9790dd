import { describe, expect, it } from 'vitest';
import { offlinePaymentSchema } from '@/domain/payments';
import {
  TDS_SECTIONS_1961,
  tdsCitationFor,
  tdsCitationOf,
  tdsCitationsOn,
  tdsCitationText,
  type TdsKindKey,
} from '@/domain/tds';

const LAST_DAY_OF_1961 = '2026-03-31';
const FIRST_DAY_OF_2025 = '2026-04-01';

describe('the dated TDS table', () => {
  it.each<[TdsKindKey, string, string]>([
    [
      'professional-fees',
      '194J',
      'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1027',
    ],
    ['technical-fees', '194J', 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(iii), payment code 1026'],
    ['contractor-other', '194C', 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(i), payment code 1024'],
    [
      'contractor-individual',
      '194C',
      'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 6(i), payment code 1023',
    ],
    ['commission', '194H', 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 1(ii), payment code 1006'],
    ['rent-land', '194I', 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 2(ii), payment code 1009'],
    ['rent-plant', '194I', 'section 393(1) of the Income-tax Act, 2025, Table Sl. No. 2(ii), payment code 1008'],
  ])(
    'when %s is received on 31 Mar 2026, then it cites section %s of the 1961 Act; on 1 Apr 2026, the 2025 Act entry and code',
    (kind, section, citation2025) => {
      expect(tdsCitationFor(kind, LAST_DAY_OF_1961)).toMatchObject({
        id: section,
        act: 'Income-tax Act, 1961',
        text: `section ${section} of the Income-tax Act, 1961`,
      });
      expect(tdsCitationFor(kind, FIRST_DAY_OF_2025)).toMatchObject({
        act: 'Income-tax Act, 2025',
        text: citation2025,
      });
    },
  );

  it('when staff record a payment, then the choices are the set of the law on the day received and never mix', () => {
    const before = tdsCitationsOn(LAST_DAY_OF_1961).map((citation) => citation.id);
    const after = tdsCitationsOn(FIRST_DAY_OF_2025).map((citation) => citation.id);

    expect(before).toEqual([...TDS_SECTIONS_1961]);
    expect(after).toEqual(['1027', '1026', '1024', '1023', '1006', '1008', '1009', '1035']);
    expect(tdsCitationsOn('2026-11-28').map((citation) => citation.id)).toEqual(after);
    // Kinds whose 2025 payment code is not confirmed are not offered under the 2025 Act.
    expect(tdsCitationFor('purchase-of-goods', FIRST_DAY_OF_2025)).toBeNull();
    expect(tdsCitationFor('business-benefits', FIRST_DAY_OF_2025)).toBeNull();
  });

  it('when an old payment stored 194J, then it keeps its 1961 citation; an unknown value prints as stored', () => {
    expect(tdsCitationText('194J')).toBe('section 194J of the Income-tax Act, 1961');
    expect(tdsCitationOf('1027')).toMatchObject({
      short: 'payment code 1027',
      label: '1027 – fees for professional services (section 393(1), Table Sl. No. 6(iii))',
    });
    expect(tdsCitationText('194ZZ')).toBe('194ZZ');
  });
});

describe('a payment received with TDS', () => {
  const payment = (tdsSection: string, receivedOn: string) =>
    offlinePaymentSchema.safeParse({
      uid: 'u1',
      type: 'invoice',
      docId: 'i1',
      requestId: 'request-0001',
      amountReceivedPaise: 2_52_000_00,
      tdsPaise: 28_000_00,
      tdsSection,
      receivedOn,
      method: 'bank-transfer',
      reference: 'UTR1',
    });

  it('when a 1961 section is given for a payment from 1 April 2026, or a 2025 code before, then it is refused with the law of that day', () => {
    expect(payment('194J', FIRST_DAY_OF_2025).error?.issues).toEqual([
      expect.objectContaining({
        path: ['tdsSection'],
        message:
          'From 1 April 2026 TDS is cited under the Income-tax Act, 2025: choose the payment code that replaced section 194J.',
      }),
    ]);
    expect(payment('1027', LAST_DAY_OF_1961).error?.issues[0]?.message).toBe(
      'Before 1 April 2026 TDS is cited under the Income-tax Act, 1961: choose its section.',
    );
    expect(payment('1027', FIRST_DAY_OF_2025).data?.tdsSection).toBe('1027');
    expect(payment('194J', LAST_DAY_OF_1961).data?.tdsSection).toBe('194J');
    expect(payment('1017', FIRST_DAY_OF_2025).error?.issues[0]?.message).toBe('Choose the TDS section.');
  });
});
