import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { submitQuery } from '@/features/contact/api';
import { ContactSection, type ContactSectionProps } from '@/app/routes/contact-section';

vi.mock('@/features/contact/api', () => ({ submitQuery: vi.fn() }));
const submit = vi.mocked(submitQuery);

beforeEach(() => submit.mockReset());
// A rejected result left on the mock fails the test in Vitest 4 even though the form handled it.
afterEach(() => submit.mockReset());

/** Renders the section and waits for the lazily loaded form. */
async function renderContact(overrides: Partial<ContactSectionProps> = {}) {
  const props: ContactSectionProps = {
    isSignedIn: false,
    userId: null,
    onLogin: vi.fn(),
    invoicePanel: <p>Invoice panel</p>,
    ...overrides,
  };
  render(<ContactSection {...props} />);
  await screen.findByRole('button', { name: 'Send Query' }, { timeout: 10_000 });
  return props;
}

const field = (name: string) => screen.findByRole('textbox', { name });

async function fillValid() {
  await userEvent.type(await field('Name'), 'Ravi Kumar');
  await userEvent.type(await field('Business name (optional)'), 'Kumar Tools');
  await userEvent.type(await field('Contact number (optional)'), '9876543210');
  await userEvent.type(await field('Email'), 'ravi@example.com');
  await userEvent.type(await field('Message'), 'Need a quote for the Growth plan.');
}

describe('ContactSection', () => {
  it('when the form is sent empty, then the required fields show inline errors and nothing is sent', async () => {
    await renderContact();
    await userEvent.click(await screen.findByRole('button', { name: 'Send Query' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
    const name = await field('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Name is required.');
    expect(await field('Business name (optional)')).not.toHaveAttribute('aria-invalid');
    expect(submit).not.toHaveBeenCalled();
  });

  it('when the email is malformed, then the schema message is shown', async () => {
    await renderContact();
    await fillValid();
    await userEvent.clear(await field('Email'));
    await userEvent.type(await field('Email'), 'ravi@');
    await userEvent.click(screen.getByRole('button', { name: 'Send Query' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it('when the server accepts the query, then its message is shown as success and the form is cleared', async () => {
    submit.mockResolvedValue('Thanks, we will be in touch.');
    await renderContact({ isSignedIn: true, userId: 'uid-1' });
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send Query' }));
    const status = await screen.findByTestId('contact-status');
    expect(status).toHaveTextContent('Thanks, we will be in touch.');
    expect(status).toHaveAttribute('data-type', 'success');
    expect(submit).toHaveBeenCalledWith(
      {
        name: 'Ravi Kumar',
        businessName: 'Kumar Tools',
        contactNumber: '9876543210',
        email: 'ravi@example.com',
        message: 'Need a quote for the Growth plan.',
        // The honeypot, as a person leaves it.
        website: '',
      },
      'uid-1',
    );
    expect(await field('Name')).toHaveValue('');
  });

  it('when the server refuses, then its message is shown as an error and the input is kept', async () => {
    submit.mockImplementation(async () => {
      throw new ApiError(429, 'Too many enquiries from your connection. Please wait a minute and try again.');
    });
    await renderContact();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send Query' }));
    const status = await screen.findByTestId('contact-status');
    expect(status).toHaveTextContent('Too many enquiries from your connection. Please wait a minute and try again.');
    expect(status).toHaveAttribute('data-type', 'error');
    expect(await field('Message')).toHaveValue('Need a quote for the Growth plan.');
  });

  it('when a signed-in user opens the query form, then their name and email are filled in, and stay after sending', async () => {
    submit.mockResolvedValue('Thanks, we will reply soon.');
    await renderContact({ isSignedIn: true, userId: 'u1', userName: 'Kiran Rao', userEmail: 'kiran@example.com' });

    expect(await field('Name')).toHaveValue('Kiran Rao');
    expect(await field('Email')).toHaveValue('kiran@example.com');
    await userEvent.type(await field('Message'), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Send Query' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thanks, we will reply soon.');
    expect(await field('Message')).toHaveValue('');
    expect(await field('Name')).toHaveValue('Kiran Rao');
  });

  it('when the user switches tabs, then the status message is cleared', async () => {
    submit.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    await renderContact();
    await fillValid();
    await userEvent.click(screen.getByRole('button', { name: 'Send Query' }));
    expect(await screen.findByTestId('contact-status')).toHaveTextContent('Failed to fetch');
    await userEvent.click(screen.getByRole('tab', { name: 'Pay Invoice' }));
    expect(screen.queryByTestId('contact-status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Send a Query' }));
    expect(screen.queryByTestId('contact-status')).not.toBeInTheDocument();
  });

  it('when a visitor opens Pay Invoice, then a login prompt asks them to log in', async () => {
    const props = await renderContact();
    await userEvent.click(screen.getByRole('tab', { name: 'Pay Invoice' }));
    expect(screen.getByRole('tab', { name: 'Pay Invoice' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Please log in' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login to Continue' }));
    expect(props.onLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Invoice panel')).not.toBeInTheDocument();
  });

  it('when a signed-in user opens Pay Invoice, then the invoice panel is shown', async () => {
    await renderContact({ isSignedIn: true, userId: 'uid-1' });
    await userEvent.click(screen.getByRole('tab', { name: 'Pay Invoice' }));
    expect(screen.getByText('Invoice panel')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login to Continue' })).not.toBeInTheDocument();
  });

  it('when the tabs are used with arrow keys, then focus and selection move together', async () => {
    await renderContact();
    screen.getByRole('tab', { name: 'Send a Query' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Pay Invoice' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Pay Invoice' })).toHaveAttribute('aria-selected', 'true');
  });
});
