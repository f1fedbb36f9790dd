import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { submitQuoteRequest } from '@/features/contact/api';
import { ProductsSection } from '@/features/catalog/products-section';
import { ContactSection, type ContactSectionProps } from '@/app/routes/contact-section';

vi.mock('@/features/contact/api', () => ({ submitQuery: vi.fn(), submitQuoteRequest: vi.fn() }));
const submit = vi.mocked(submitQuoteRequest);
afterEach(() => submit.mockReset());

const props = (overrides: Partial<ContactSectionProps> = {}): ContactSectionProps => ({
  isSignedIn: false,
  userId: null,
  onLogin: vi.fn(),
  invoicePanel: <p>Invoice panel</p>,
  ...overrides,
});

const openForm = () => screen.findByRole('form', { name: 'Request a quote' }, { timeout: 10_000 });

describe('Request a Quote', () => {
  it('when a visitor opens the tab and sends the form, then the project, brief, budget and timeline go with their details', async () => {
    submit.mockResolvedValue('Thank you! We have received your request for a quote.');
    render(<ContactSection {...props()} />);

    await userEvent.click(screen.getByRole('tab', { name: 'Request a Quote' }));
    await openForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Ravi Kumar');
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'ravi@example.com');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Project type' }), 'Learning Apps');
    await userEvent.type(screen.getByRole('textbox', { name: 'What do you need?' }), 'An app for 300 students.');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Budget' }), '₹3 – 10 lakh');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Timeline' }), '3 – 6 months');
    await userEvent.click(screen.getByRole('button', { name: 'Request a Quote' }));

    expect(await screen.findByTestId('contact-status')).toHaveTextContent('We have received your request for a quote');
    expect(submit).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'quote request',
        name: 'Ravi Kumar',
        email: 'ravi@example.com',
        projectType: 'Learning Apps',
        brief: 'An app for 300 students.',
        budget: '₹3 – 10 lakh',
        timeline: '3 – 6 months',
      }),
      null,
    );
  }, 20_000);

  it('when the form is sent without a project, budget or timeline, then each says what is missing and nothing is sent', async () => {
    render(<ContactSection {...props()} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Request a Quote' }));
    await openForm();

    await userEvent.click(screen.getByRole('button', { name: 'Request a Quote' }));

    expect(await screen.findByText('Choose the kind of project.')).toBeInTheDocument();
    expect(screen.getByText('Choose a budget.')).toBeInTheDocument();
    expect(screen.getByText('Choose a timeline.')).toBeInTheDocument();
    expect(screen.getByText('Tell us briefly what you need.')).toBeInTheDocument();
    expect(submit).not.toHaveBeenCalled();
  });

  it("when a plan card asks for a quote, then the tab opens with that card's kind of project chosen", async () => {
    const { rerender } = render(<ContactSection {...props()} />);

    rerender(<ContactSection {...props({ quoteRequest: { projectType: 'Gym & Fitness', key: 1 } })} />);

    expect(screen.getByRole('tab', { name: 'Request a Quote' })).toHaveAttribute('aria-selected', 'true');
    await openForm();
    expect(screen.getByRole('combobox', { name: 'Project type' })).toHaveValue('Gym & Fitness');
  });

  it("when a plan card's 'Need something different?' is clicked, then it asks for a quote for the card's category", async () => {
    const onRequestQuote = vi.fn();
    render(
      <ProductsSection
        onAddToCart={vi.fn()}
        isInCart={() => false}
        canAdd
        onNeedLogin={vi.fn()}
        onRequestQuote={onRequestQuote}
      />,
    );

    const links = screen.getAllByRole('link', { name: 'Need something different? Ask for a quote', hidden: true });
    expect(links).toHaveLength(15);
    expect(links[0]).toHaveAttribute('href', '/#contact');
    await userEvent.click(links[0]!);

    expect(onRequestQuote).toHaveBeenCalledWith('Factory Management');
  });
});
