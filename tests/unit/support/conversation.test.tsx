import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SupportMessageView, SupportRequestView } from '@/domain/support';
import { Conversation } from '@/features/support/conversation';
import { renderApp } from '../../helpers/render-app';

// The seam: the feature's only HTTP module (a file link downloads through it).
vi.mock('@/features/support/api', () => ({ downloadFile: vi.fn() }));

const message = (overrides: Partial<SupportMessageView>): SupportMessageView => ({
  id: Math.random().toString(36).slice(2),
  author: 'customer',
  authorName: 'Asha Verma',
  internal: false,
  body: 'Machine 3 is offline.',
  via: 'mail',
  createdAt: Date.UTC(2026, 10, 30, 8, 0),
  files: [],
  ...overrides,
});

const request = (messages: SupportMessageView[]) => ({ id: 'r1', messages }) as unknown as SupportRequestView;

describe("a request's conversation", () => {
  it('when staff replied, then each reply shows its author by name, or "Nimbus support"', () => {
    renderApp(
      <Conversation
        request={request([
          message({ author: 'staff', authorName: 'Priya Sharma', body: 'We restarted it.' }),
          message({ author: 'staff', authorName: null, body: 'Is it back?' }),
        ])}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Priya Sharma/);
    expect(items[1]).toHaveTextContent(/^Nimbus support/);
  });

  it('when a mail brought attachments that were not kept, then the message says which and why', () => {
    renderApp(
      <Conversation
        request={request([
          message({ refusedFiles: [{ name: 'setup.exe', reason: 'setup.exe is not a file type we accept.' }] }),
        ])}
      />,
    );
    expect(screen.getByText('Not attached:')).toBeInTheDocument();
    expect(screen.getByText('setup.exe is not a file type we accept.')).toBeInTheDocument();
  });

  it('when a message is long, then it opens shortened and shows whole on request', async () => {
    const body = `${'A long log line. '.repeat(300)}THE END`;
    renderApp(<Conversation request={request([message({ body })])} />);
    expect(screen.queryByText(/THE END/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show the whole message' }));

    expect(screen.getByText(/THE END/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
  });
});
