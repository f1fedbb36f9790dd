import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { previousIstMonth } from '@/domain/ist';
import { AccountantPackPanel } from '@/features/documents/console/accountant-pack';
import { ApiError } from '@/lib/api-client';
import { renderApp } from '../../helpers/render-app';

// The seam: the console's only Firebase/HTTP module.
const api = vi.hoisted(() => ({ downloadAccountantPack: vi.fn() }));
vi.mock('@/features/documents/console/api', () => api);

let clicked: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.clearAllMocks();
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pack'), revokeObjectURL: vi.fn() });
  clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => clicked.mockRestore());

describe("AccountantPackPanel (the console's Documents page)", () => {
  it("when staff press Download pack, then last month's pack (India time) is fetched and saved under its name", async () => {
    const user = userEvent.setup();
    let finish: (file: { blob: Blob; fileName: string | null }) => void = () => {};
    api.downloadAccountantPack.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderApp(<AccountantPackPanel />);

    expect(screen.getByLabelText('Month')).toHaveValue(previousIstMonth());
    await user.click(screen.getByRole('button', { name: 'Download pack' }));

    expect(screen.getByRole('button', { name: 'Preparing pack...' })).toBeDisabled();
    finish({ blob: new Blob(['zip']), fileName: null });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download pack' })).toBeEnabled());
    expect(api.downloadAccountantPack).toHaveBeenCalledWith(previousIstMonth());
    expect(clicked).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe(`accountants-pack-${previousIstMonth()}.zip`);
  });

  it('when the month is not a month, or the server refuses, then the reason is shown and nothing is saved', async () => {
    const user = userEvent.setup();
    api.downloadAccountantPack.mockRejectedValue(
      new ApiError(413, 'More than 5000 documents in 2026-10: the pack cannot be made in one file.'),
    );
    renderApp(<AccountantPackPanel />);
    const month = screen.getByLabelText('Month');

    await user.clear(month);
    await user.click(screen.getByRole('button', { name: 'Download pack' }));
    expect(screen.getByText('Choose a month (YYYY-MM).')).toBeInTheDocument();
    expect(api.downloadAccountantPack).not.toHaveBeenCalled();

    await user.type(month, '2026-10');
    await user.click(screen.getByRole('button', { name: 'Download pack' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/More than 5000 documents in 2026-10/);
    expect(api.downloadAccountantPack).toHaveBeenCalledWith('2026-10');
    expect(clicked).not.toHaveBeenCalled();
  });
});
