import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_HOLIDAYS } from '@/domain/business-hours';
import { HolidayListNotice } from '@/features/console/holiday-notice';
import { renderApp } from '../../helpers/render-app';

// The seam: the console's only Firebase-touching module (the company's holidays, else the default list).
const api = vi.hoisted(() => ({ getCompanyHolidays: vi.fn() }));
vi.mock('@/features/console/api', () => api);

const ist = (wall: string) => Date.parse(`${wall.replace(' ', 'T')}:00+05:30`);

describe("the Today page's holiday-list warning", () => {
  beforeEach(() => api.getCompanyHolidays.mockReset());

  it('when the last listed year ends in 60 days, then the page warns and links to the holidays', async () => {
    api.getCompanyHolidays.mockResolvedValue(DEFAULT_HOLIDAYS);

    renderApp(<HolidayListNotice nowMs={ist('2028-11-02 10:00')} />, { path: '/admin' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The holiday list ends with 2028 (60 days left): add 2029’s holidays');
    expect(screen.getByRole('link', { name: 'Edit the holidays' })).toHaveAttribute('href', '/admin/support/holidays');
  });

  it("when the company's own list ends this year, then it warns from that list, not the default one", async () => {
    api.getCompanyHolidays.mockResolvedValue([{ date: '2026-12-25', name: 'Christmas' }]);

    renderApp(<HolidayListNotice nowMs={ist('2026-11-28 10:00')} />, { path: '/admin' });

    expect(await screen.findByRole('alert')).toHaveTextContent('The holiday list ends with 2026 (34 days left)');
  });

  it('when it ends in 61 days, then nothing is shown', async () => {
    api.getCompanyHolidays.mockResolvedValue(DEFAULT_HOLIDAYS);

    renderApp(<HolidayListNotice nowMs={ist('2028-11-01 10:00')} />, { path: '/admin' });
    // The list has loaded and React has rendered what it shows for it.
    await act(async () => {});

    expect(api.getCompanyHolidays).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit the holidays' })).toBeNull();
  });
});
