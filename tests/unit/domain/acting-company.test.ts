import { describe, expect, it } from 'vitest';
import {
  chooseActingCompany,
  defaultActingCompany,
  membershipSummaryOf,
  orderMemberships,
  type MembershipSummary,
} from '@/domain/acting-company';

const own: MembershipSummary = { companyId: 'asha', role: 'owner', canApprove: false, name: 'Zeta Works' };
const verma: MembershipSummary = { companyId: 'vt', role: 'technical', canApprove: true, name: 'Verma Textiles' };
const rao: MembershipSummary = { companyId: 'rt', role: 'billing', canApprove: false, name: 'Rao Traders' };

describe('which company the pages act for', () => {
  it('when a person has their own company, then it is listed first and acted for by default', () => {
    expect(orderMemberships('asha', [verma, own, rao]).map((m) => m.companyId)).toEqual(['asha', 'rt', 'vt']);
    expect(defaultActingCompany('asha', [verma, rao, own])).toBe(own);
  });

  it('when they have none of their own, then the first company by name is', () => {
    expect(defaultActingCompany('asha', [verma, rao])).toBe(rao);
    expect(defaultActingCompany('asha', [])).toBeNull();
  });

  it('when the company they chose is still theirs, then it is acted for with their role as it is now', () => {
    const chosen = { ...verma, role: 'viewer' as const, name: 'Old name' };
    expect(chooseActingCompany('asha', [own, verma], chosen)).toEqual({ acting: verma, lost: null });
  });

  it('when the company they chose is no longer theirs, then their own is acted for and the chosen one is lost', () => {
    expect(chooseActingCompany('asha', [own, rao], verma)).toEqual({ acting: own, lost: verma });
  });

  it('when a stored membership is malformed, then it is not taken for one', () => {
    expect(membershipSummaryOf({ companyId: 'vt', role: 'admin', name: 'X' })).toBeNull();
    expect(membershipSummaryOf({ companyId: '', role: 'owner' })).toBeNull();
    expect(membershipSummaryOf({ companyId: 'vt', role: 'technical', canApprove: 'yes', name: 7 })).toEqual({
      companyId: 'vt',
      role: 'technical',
      canApprove: false,
      name: '',
    });
  });
});
