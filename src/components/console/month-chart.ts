import type { Bar } from '@/components/bar-chart';
import { formatInr } from '@/domain/money';
import { istToday } from '@/domain/ist';

/** A month's figure: the month as 'YYYY-MM', and an amount in paise. */
export type MonthFigure = [month: string, paise: number];

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const shortName = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1]!;

/** 'Nov 2026' for '2026-11'. */
export const monthName = (month: string) => `${shortName(month)} ${month.slice(0, 4)}`;

/** One bar a month, labelled 'Nov', its amount at its end, and read out as 'Nov 2026: ₹2,80,000'. */
export const monthBars = (figures: MonthFigure[]): Bar[] =>
  figures.map(([month, paise]) => ({
    label: shortName(month),
    description: `${monthName(month)}: ${formatInr(paise)}`,
    value: paise,
    valueLabel: formatInr(paise),
  }));

/** The sum of the months' figures, in paise. */
export const totalOf = (figures: MonthFigure[]) => figures.reduce((sum, [, paise]) => sum + paise, 0);

/** Each month's figure, read one query a month (all at once). */
export const figuresOf = (months: string[], paiseIn: (month: string) => Promise<number>) =>
  Promise.all(months.map(async (month): Promise<MonthFigure> => [month, await paiseIn(month)]));

/** 'YYYY-MM' of the 12 months ending with this one, in India's calendar, oldest first. */
export function lastMonths(count: number, nowMs = Date.now()): string[] {
  const [year, month] = istToday(nowMs).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}
