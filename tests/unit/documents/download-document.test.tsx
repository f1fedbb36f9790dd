import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DownloadDocument } from '@/features/documents/download-document';
import { ApiError } from '@/lib/api-client';
import { renderApp } from '../../helpers/render-app';

// The seam: the receipts feature's only API-touching module (the profile composes the same button).
const api = vi.hoisted(() => ({
  loadTaxDocumentInfo: vi.fn(),
  downloadTaxDocument: vi.fn(),
  subscribeToSubject: vi.fn(),
}));
vi.mock('@/features/documents/api', () => api);

const issued = { status: 'issued', kind: 'tax-invoice', number: 'NB/2026-27/0007', downloadLabel: 'Download invoice' };

function renderInList(lookUp: 'at-once' | 'on-click' = 'at-once') {
  return renderApp(
    <DownloadDocument
      paymentId="pay_Ord1"
      fallbackLabel="Download receipt"
      itemLabel="Order #ORD-1"
      size="sm"
      lookUp={lookUp}
    />,
  );
}

function stubSaving() {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  return vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
}

beforeEach(() => {
  vi.clearAllMocks();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('DownloadDocument that looks the document up at once (the receipt page)', () => {
  it('when the document is issued, then the button is named after it and the item, and saves the PDF', async () => {
    const user = userEvent.setup();
    const clicked = stubSaving();
    api.loadTaxDocumentInfo.mockResolvedValue(issued);
    api.downloadTaxDocument.mockResolvedValue({ blob: new Blob(['%PDF']), fileName: 'NB-2026-27-0007.pdf' });
    renderInList();

    const button = await screen.findByRole('button', { name: 'Download invoice: Order #ORD-1' });
    expect(button).toHaveTextContent('Download invoice');
    await user.click(button);

    await waitFor(() => expect(clicked).toHaveBeenCalledOnce());
    expect(api.downloadTaxDocument).toHaveBeenCalledWith('pay_Ord1');
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('NB-2026-27-0007.pdf');
    clicked.mockRestore();
  });

  it('when the download answers 409, then it says the document is being prepared and waits, with no error', async () => {
    const user = userEvent.setup();
    api.loadTaxDocumentInfo.mockResolvedValueOnce(issued).mockResolvedValue({ status: 'pending' });
    api.downloadTaxDocument.mockRejectedValue(new ApiError(409, 'Your document is being prepared.'));
    renderInList();

    await user.click(await screen.findByRole('button', { name: 'Download invoice: Order #ORD-1' }));

    expect(
      await screen.findByText('Your receipt is being prepared. It will download as soon as it is ready.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt: Order #ORD-1' })).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the download fails, then it says why and the button works again', async () => {
    const user = userEvent.setup();
    api.loadTaxDocumentInfo.mockResolvedValue(issued);
    api.downloadTaxDocument
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new ApiError(404, 'Document not found.'));
    renderInList();
    const button = await screen.findByRole('button', { name: 'Download invoice: Order #ORD-1' });

    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not download your invoice. Please check your connection and try again.',
    );
    expect(button).toBeEnabled();

    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not download your invoice. It was not found in your account.',
    );
    expect(button).toBeEnabled();
  });

  it('when the look-up fails, then the configured label is offered anyway; when there is no document, nothing', async () => {
    api.loadTaxDocumentInfo.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { unmount } = renderInList();
    expect(await screen.findByRole('button', { name: 'Download receipt: Order #ORD-1' })).toBeEnabled();
    unmount();

    api.loadTaxDocumentInfo.mockResolvedValueOnce(null);
    renderInList();
    await waitFor(() => expect(api.loadTaxDocumentInfo).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('DownloadDocument that looks up only when pressed (the profile lists)', () => {
  it('when it shows, then it asks the API nothing and offers the configured label', () => {
    renderInList('on-click');
    expect(screen.getByRole('button', { name: 'Download receipt: Order #ORD-1' })).toBeEnabled();
    expect(api.loadTaxDocumentInfo).not.toHaveBeenCalled();
    expect(api.downloadTaxDocument).not.toHaveBeenCalled();
  });

  it('when it is pressed before the document is numbered, then it waits and downloads the document once it is ready', async () => {
    const user = userEvent.setup();
    const clicked = stubSaving();
    api.downloadTaxDocument
      .mockRejectedValueOnce(new ApiError(409, 'Your document is being prepared.'))
      .mockResolvedValue({ blob: new Blob(['%PDF']), fileName: 'NB-2026-27-0008.pdf' });
    api.loadTaxDocumentInfo.mockResolvedValue(issued);
    renderInList('on-click');

    await user.click(screen.getByRole('button', { name: 'Download receipt: Order #ORD-1' }));

    await waitFor(() => expect(clicked).toHaveBeenCalledOnce());
    expect(api.downloadTaxDocument).toHaveBeenCalledTimes(2);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('NB-2026-27-0008.pdf');
    expect(screen.getByRole('button', { name: 'Download invoice: Order #ORD-1' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    clicked.mockRestore();
  });
});
