import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Clients, CLIENTS } from '@/features/landing/clients';

describe('Clients', () => {
  it('when a client has no approved public link, then its card shows none (no example.com placeholders)', () => {
    render(<Clients />);

    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(6);
    expect(screen.queryAllByRole('link')).toEqual([]);
    const urls = CLIENTS.flatMap((client) => client.links.map((link) => link.url));
    expect(
      urls.filter((url) => /(^|\.)example\.(com|org|net)(\/|$)|\.example(\/|$)/.test(new URL(url).host + '/')),
    ).toEqual([]);
  });
});
