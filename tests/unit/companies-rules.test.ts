import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { rolesFor } from '@/domain/companies';

// firestore.rules cannot import this table, so it spells the role sets out; these keep them equal.
describe('firestore.rules against the role table', () => {
  const rules = readFileSync('firestore.rules', 'utf8');
  const rolesOfFunction = (name: string) => {
    const match = new RegExp(`function ${name}\\(\\) \\{\\s*return \\[([^\\]]*)\\];`).exec(rules);
    if (!match) throw new Error(`firestore.rules has no function ${name}`);
    return [...match[1]!.matchAll(/'([^']+)'/g)].map((role) => role[1]);
  };

  it('when the rules name who reads each record, then the sets are those of the table', () => {
    expect(rolesOfFunction('billingReaders')).toEqual(rolesFor('readBilling').roles);
    expect(rolesOfFunction('workReaders')).toEqual(rolesFor('readSupport').roles);
    expect(rolesOfFunction('workReaders')).toEqual(rolesFor('readProjects').roles);
    expect(rolesOfFunction('everyRole')).toEqual(rolesFor('readServices').roles);
    expect(rolesOfFunction('everyRole')).toEqual(rolesFor('readMembers').roles);
    expect(rolesOfFunction('companyManagers')).toEqual(rolesFor('readCompanyDetails').roles);
    expect(rolesOfFunction('quoteReaders')).toEqual(rolesFor('readQuotes').roles);
    // The one role that reads quotes only with the approve right, as canReadQuotes spells it.
    expect(rolesFor('readQuotes').withApprove).toEqual(['technical']);
    expect(rules).toContain("get(memberDoc(cid)).data.role == 'technical'");
  });
});
