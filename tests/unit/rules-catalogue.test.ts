import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allCatalogueEntries } from '@/domain/catalogue';
import { ORDER_MAX_ITEMS, ORDER_NUMBER_PATTERN } from '@/domain/order-number';

// firestore.rules cannot import the catalogue, so it carries copies; these tests keep them equal.
const rules = readFileSync('firestore.rules', 'utf8');

function functionBody(name: string): string {
  const match = new RegExp(`function ${name}\\([^)]*\\) \\{([\\s\\S]*?)\\n    \\}`).exec(rules);
  if (!match) throw new Error(`firestore.rules has no function ${name}`);
  return match[1]!;
}

describe('firestore.rules against the catalogue', () => {
  it('when the rules list the plan ids an order may hold, then they are exactly the catalogue ids', () => {
    const listed = [...functionBody('catalogueItemIds').matchAll(/'([^']+)'/g)].map((match) => match[1]!);

    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(
      allCatalogueEntries()
        .map((entry) => entry.id)
        .sort(),
    );
  });

  it('when the rules bound the items of an order, then every one of ORDER_MAX_ITEMS places is checked', () => {
    const body = functionBody('validOrderItems');
    const checked = [...body.matchAll(/validOrderItem\(items\[(\d+)\], ids\)/g)].map((match) => Number(match[1]));

    expect(body).toContain(`n <= ${ORDER_MAX_ITEMS}`);
    expect(checked).toEqual(Array.from({ length: ORDER_MAX_ITEMS }, (_, index) => index));
    // A cart holds each plan once, so a real order never needs more places than the catalogue has plans.
    expect(allCatalogueEntries().length).toBeLessThanOrEqual(ORDER_MAX_ITEMS);
  });

  it('when the rules check an order number, then they use the domain pattern', () => {
    expect(rules).toContain(`data().orderNumber.matches('${ORDER_NUMBER_PATTERN.source.replace('\\d', '[0-9]')}')`);
  });
});
