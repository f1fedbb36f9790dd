import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from '@/components/status-badge';

describe('StatusBadge', () => {
  it.each([
    ['Pending', 'yellow'],
    ['New', 'yellow'],
    ['Completed', 'green'],
    ['Paid', 'green'],
    ['Cancelled', 'red'],
    ['Refunded', 'grey'],
    ['Active', 'green'],
    ['Renewal due', 'yellow'],
    ['Overdue', 'red'],
    ['Lapsed', 'red'],
  ])('when the status is %s, then the badge is %s and shows the status', (status, tone) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(status);
    expect(badge).toHaveAttribute('data-tone', tone);
    expect(badge.className).toContain(tone === 'grey' ? 'bg-slate-100' : `bg-${tone}-100`);
  });
});
