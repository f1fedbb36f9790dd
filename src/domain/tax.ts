/**
 * GST arithmetic in integer paise. Pure: the server issues documents with it, and the browser may
 * use it to show the same figures.
 *
 * Rounding rule (one rule everywhere): every tax is rounded half-up to the paisa, and the taxable
 * value takes whatever is left, so taxable value + taxes equals the amount exactly, always.
 * CGST and SGST are always equal (each is half the rate on the same value).
 */

/** How a supply is taxed: CGST + SGST within one state, IGST across states. */
export type TaxType = 'intra-state' | 'inter-state';

export interface TaxSplit {
  /** Integer paise throughout. */
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** taxablePaise + cgstPaise + sgstPaise + igstPaise. */
  totalPaise: number;
}

/** The GST rates GST law uses are at most two decimals (0.25 %, 18 %, 28 %); work in basis points. */
export function rateBasisPoints(ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  if (
    !Number.isFinite(ratePercent) ||
    ratePercent < 0 ||
    ratePercent > 100 ||
    Math.abs(basisPoints - ratePercent * 100) > 1e-6
  ) {
    throw new Error(`Invalid GST rate: ${ratePercent}`);
  }
  return basisPoints;
}

/** round(numerator / denominator), half up, for non-negative safe integers. */
function roundedDivision(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator * 2 + denominator)) throw new Error('Amount too large for paise arithmetic.');
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

function assertPaise(amountPaise: number): void {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) throw new Error(`Not an amount in paise: ${amountPaise}`);
}

/** True when supplier and place of supply are in the same state (then CGST + SGST). */
export function taxTypeOf(supplierStateCode: string, placeOfSupplyStateCode: string): TaxType {
  return supplierStateCode === placeOfSupplyStateCode ? 'intra-state' : 'inter-state';
}

/**
 * Splits an amount that INCLUDES GST at `ratePercent` into taxable value and taxes.
 * Intra-state: CGST = SGST = amount x (rate / 2) / (1 + rate), rounded; inter-state:
 * IGST = amount x rate / (1 + rate), rounded; the taxable value is the rest.
 */
export function splitInclusiveAmount(amountPaise: number, ratePercent: number, taxType: TaxType): TaxSplit {
  assertPaise(amountPaise);
  const basisPoints = rateBasisPoints(ratePercent);
  if (taxType === 'intra-state') {
    const half = roundedDivision(amountPaise * basisPoints, 2 * (10_000 + basisPoints));
    return {
      taxablePaise: amountPaise - 2 * half,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      totalPaise: amountPaise,
    };
  }
  const igst = roundedDivision(amountPaise * basisPoints, 10_000 + basisPoints);
  return { taxablePaise: amountPaise - igst, cgstPaise: 0, sgstPaise: 0, igstPaise: igst, totalPaise: amountPaise };
}

/**
 * The tax on a price that EXCLUDES GST. Half the rate is rounded once and doubled for IGST, so the
 * amount charged (price + tax) is the same wherever the customer is: it can be priced before the
 * place of supply is known.
 */
export function addExclusiveTax(taxablePaise: number, ratePercent: number, taxType: TaxType): TaxSplit {
  assertPaise(taxablePaise);
  const half = roundedDivision(taxablePaise * rateBasisPoints(ratePercent), 20_000);
  return taxType === 'intra-state'
    ? { taxablePaise, cgstPaise: half, sgstPaise: half, igstPaise: 0, totalPaise: taxablePaise + 2 * half }
    : { taxablePaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 2 * half, totalPaise: taxablePaise + 2 * half };
}

/** What the seller's configuration says about tax (see server/config.ts). */
export interface TaxSettings {
  /** A GSTIN is configured: documents are Tax Invoices and prices carry GST. */
  registered: boolean;
  ratePercent: number;
  /** true: listed prices and invoice amounts include GST; false: GST is added on top of them. */
  pricesIncludeGst: boolean;
}

/**
 * The amount charged for lines listed at `listedPaise` (plan prices, invoice amounts). It is the
 * listed amount itself unless the seller is registered and prices exclude GST; then each line's
 * GST is added (the same in every state, see addExclusiveTax).
 */
export function chargedAmountPaise(listedPaise: readonly number[], settings: TaxSettings): number {
  const addsTax = settings.registered && !settings.pricesIncludeGst;
  return listedPaise.reduce(
    (sum, listed) => sum + (addsTax ? addExclusiveTax(listed, settings.ratePercent, 'intra-state').totalPaise : listed),
    0,
  );
}

/** What the buyer pays now for lines listed at `listedPaise`, and how the cart words it. */
export interface PayableSummary {
  /** The listed prices added up. */
  listedPaise: number;
  /** GST charged on top of the listed prices; 0 when prices include it or none is charged. */
  addedGstPaise: number;
  /** listedPaise + addedGstPaise: what the checkout charges. */
  totalPaise: number;
  /** How GST is treated, in words; null when the seller charges none (no GSTIN). */
  gstNote: string | null;
}

/**
 * The cart's 'Total payable now' under the seller's tax settings: the same amount the API charges
 * (chargedAmountPaise per line), and the wording that goes with it.
 */
export function payableSummary(listedPaise: readonly number[], settings: TaxSettings): PayableSummary {
  const listed = listedPaise.reduce((sum, line) => sum + line, 0);
  const total = chargedAmountPaise(listedPaise, settings);
  const rate = `${settings.ratePercent}%`;
  return {
    listedPaise: listed,
    addedGstPaise: total - listed,
    totalPaise: total,
    gstNote: !settings.registered
      ? null
      : settings.pricesIncludeGst
        ? `Prices include GST at ${rate}.`
        : `Prices exclude GST: GST at ${rate} is added.`,
  };
}

/**
 * Splits `totalPaise` over lines in proportion to their weights (largest remainder), so the parts
 * add up exactly; equal to the weights when they already add up to the total.
 */
export function allocatePaise(totalPaise: number, weights: readonly number[]): number[] {
  assertPaise(totalPaise);
  if (weights.length === 0) return [];
  const weightSum = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  if (weightSum === 0) return weights.map((_, index) => (index === 0 ? totalPaise : 0));
  const shares = weights.map((weight, index) => {
    const exact = (Math.max(0, weight) * totalPaise) / weightSum;
    return { index, floor: Math.floor(exact), remainder: exact - Math.floor(exact) };
  });
  let left = totalPaise - shares.reduce((sum, share) => sum + share.floor, 0);
  const parts = shares.map((share) => share.floor);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    parts[share.index]! += 1;
    left -= 1;
  }
  return parts;
}

export interface ListedLine {
  sac: string;
  description: string;
  /** The listed amount: the plan price or invoice line amount, in paise. */
  listedPaise: number;
}

export interface TaxLine extends TaxSplit {
  sac: string;
  description: string;
  /** 0 on a receipt (no GST). */
  ratePercent: number;
}

export interface TaxLines {
  /** null on a receipt: an unregistered seller charges no GST. */
  taxType: TaxType | null;
  lines: TaxLine[];
  totals: TaxSplit;
}

function sumSplits(lines: readonly TaxSplit[]): TaxSplit {
  const totals: TaxSplit = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  for (const line of lines) {
    totals.taxablePaise += line.taxablePaise;
    totals.cgstPaise += line.cgstPaise;
    totals.sgstPaise += line.sgstPaise;
    totals.igstPaise += line.igstPaise;
    totals.totalPaise += line.totalPaise;
  }
  return totals;
}

/**
 * The printed lines of the document for a payment of `paidPaise`. The total always equals the
 * amount paid: with exclusive pricing each line is its listed price plus GST when that is what was
 * charged; otherwise (inclusive pricing, or prices changed since) the amount paid is shared over
 * the lines in proportion to their listed prices and each share is split as GST-inclusive.
 */
export function taxLinesForPayment(
  listed: readonly ListedLine[],
  paidPaise: number,
  settings: TaxSettings,
  taxType: TaxType,
): TaxLines {
  if (listed.length === 0) throw new Error('A document needs at least one line.');
  const rate = settings.ratePercent;
  if (settings.registered && !settings.pricesIncludeGst) {
    const exclusive = listed.map((line) => ({
      sac: line.sac,
      description: line.description,
      ratePercent: rate,
      ...addExclusiveTax(line.listedPaise, rate, taxType),
    }));
    const totals = sumSplits(exclusive);
    if (totals.totalPaise === paidPaise) return { taxType, lines: exclusive, totals };
  }
  const shares = allocatePaise(
    paidPaise,
    listed.map((line) => line.listedPaise),
  );
  const lines: TaxLine[] = listed.map((line, index) => {
    const share = shares[index]!;
    const split: TaxSplit = settings.registered
      ? splitInclusiveAmount(share, rate, taxType)
      : { taxablePaise: share, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: share };
    return { sac: line.sac, description: line.description, ratePercent: settings.registered ? rate : 0, ...split };
  });
  return { taxType: settings.registered ? taxType : null, lines, totals: sumSplits(lines) };
}

/**
 * What lines listed at `listedPaise` come to under these settings, for a form that shows the GST
 * as staff type (the split its tax invoice will print, to the paisa): null when no GST is charged.
 */
export function gstPreview(
  listedPaise: readonly number[],
  settings: TaxSettings,
): { taxablePaise: number; gstPaise: number; totalPaise: number } | null {
  if (!settings.registered || listedPaise.length === 0) return null;
  const charged = chargedAmountPaise(listedPaise, settings);
  const { totals } = taxLinesForPayment(
    listedPaise.map((paise) => ({ sac: '', description: '', listedPaise: paise })),
    charged,
    settings,
    'intra-state',
  );
  return {
    taxablePaise: totals.taxablePaise,
    gstPaise: totals.cgstPaise + totals.sgstPaise,
    totalPaise: totals.totalPaise,
  };
}
