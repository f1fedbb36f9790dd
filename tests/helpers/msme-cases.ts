/**
 * Worked cases of section 16 interest (one on time, five overdue), each worked by hand from the rule in src/domain/msme.ts:
 * amount = principal × (1 + R/12)^months × (1 + R × days / 365), R = 3 × bank rate, interest =
 * amount − principal rounded once to the paisa. tests/api/statements.test.ts checks the same
 * table against the statement the API gives.
 */
export const WORKED_CASES = [
  {
    name: 'paid within the term: nothing',
    principalPaise: 1_00_000_00,
    issueDay: '2026-01-01',
    dueDay: '2026-01-31',
    asOfDay: '2026-01-31',
    bankRatePercent: 5.5,
    fromDay: '2026-02-01',
    months: 0,
    days: 0,
    // Not overdue on its due date.
    interestPaise: 0,
  },
  {
    name: '10 days late, no rest yet: simple interest for the days',
    principalPaise: 1_00_000_00,
    issueDay: '2026-01-01',
    dueDay: '2026-01-31',
    asOfDay: '2026-02-10',
    bankRatePercent: 5.5,
    fromDay: '2026-02-01',
    months: 0,
    days: 10,
    // 1,00,000 × 16.5% × 10/365 = 452.0548 -> ₹452.05
    interestPaise: 452_05,
  },
  {
    name: 'exactly one month late: one monthly rest',
    principalPaise: 1_00_000_00,
    issueDay: '2026-01-01',
    dueDay: '2026-01-31',
    asOfDay: '2026-02-28',
    bankRatePercent: 5.5,
    fromDay: '2026-02-01',
    months: 1,
    days: 0,
    // 1,00,000 × 16.5% / 12 = ₹1,375.00
    interestPaise: 1_375_00,
  },
  {
    name: 'three rests and 15 days: compounded monthly, then the days on the compounded amount',
    principalPaise: 1_00_000_00,
    issueDay: '2026-01-01',
    dueDay: '2026-01-31',
    asOfDay: '2026-05-15',
    bankRatePercent: 5.5,
    fromDay: '2026-02-01',
    months: 3,
    days: 15,
    // 1,00,000 × (1.01375³ × (1 + 0.165 × 15/365) − 1) = 4,888.418 -> ₹4,888.42
    interestPaise: 4_888_42,
  },
  {
    name: 'a due date beyond 45 days (agreed with a reason): interest still runs from the 46th day',
    principalPaise: 50_000_00,
    issueDay: '2026-01-01',
    dueDay: '2026-03-31',
    asOfDay: '2026-03-31',
    bankRatePercent: 5.5,
    // 1 Jan + 45 days = 15 Feb: from 16 Feb, one rest on 16 Mar, then 16 days to 31 Mar inclusive.
    fromDay: '2026-02-16',
    months: 1,
    days: 16,
    // 50,000 × (1.01375 × (1 + 0.165 × 16/365) − 1) = 1,054.116 -> ₹1,054.12
    interestPaise: 1_054_12,
  },
  {
    name: 'rests at month ends (31 Jan start) at a 6.25% bank rate',
    principalPaise: 2_34_567_89,
    issueDay: '2025-12-17',
    dueDay: '2026-01-30',
    asOfDay: '2026-04-30',
    bankRatePercent: 6.25,
    // Rests on 28 Feb, 31 Mar and 30 Apr; 1 May is the day after the statement: 1 day left.
    fromDay: '2026-01-31',
    months: 3,
    days: 1,
    // 2,34,567.89 × (1.015625³ × (1 + 0.1875/365) − 1) = 11,294.30
    interestPaise: 11_294_30,
  },
] as const;
