import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '@/domain/catalogue';
import { formatInr } from '@/domain/money';
import { ProductsSection, type ProductsSectionProps } from '@/features/catalog/products-section';

beforeEach(() => {
  // jsdom does not scroll; the section only asks for it.
  Element.prototype.scrollTo = vi.fn();
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

function renderSection(overrides: Partial<ProductsSectionProps> = {}) {
  const props: ProductsSectionProps = {
    onAddToCart: vi.fn(),
    isInCart: () => false,
    canAdd: true,
    onNeedLogin: vi.fn(),
    ...overrides,
  };
  render(<ProductsSection {...props} />);
  return props;
}

describe('ProductsSection', () => {
  it('when rendered, then every category has a tab and a panel with its three plans at the catalogue prices', () => {
    renderSection();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(
      CATEGORIES.map((category) => category.name),
    );
    let cards = 0;
    for (const category of CATEGORIES) {
      const panel = screen.getByRole('tabpanel', { name: category.name });
      expect(within(panel).getByText(category.tagline)).toBeInTheDocument();
      for (const plan of category.plans) {
        const card = within(panel).getByRole('article', { name: plan.name });
        expect(card).toHaveTextContent(`${formatInr(plan.oneTimePaise)}one-time`);
        expect(within(card).getByTestId('yearly')).toHaveTextContent(
          plan.yearlyPaise === null ? 'No yearly fee' : `+ ${formatInr(plan.yearlyPaise)} / year`,
        );
        if (plan.note) expect(within(card).getByTestId('plan-note')).toHaveTextContent(plan.note);
        for (const feature of plan.features) expect(card).toHaveTextContent(feature);
        cards += 1;
      }
    }
    expect(cards).toBe(15);
  });

  it('when the Factory Starter plan is shown, then its price reads ₹1,10,000 with ₹25,000 a year', () => {
    renderSection();
    const card = within(screen.getByRole('tabpanel', { name: 'Factory Management' })).getByRole('article', {
      name: 'Starter',
    });
    expect(card).toHaveTextContent('₹1,10,000one-time');
    expect(card).toHaveTextContent('+ ₹25,000 / year');
  });

  it('when a signed-in user adds a plan, then the cart gets its id, name, category name and price text', async () => {
    const props = renderSection();
    const panel = screen.getByRole('tabpanel', { name: 'Gym & Fitness' });
    await userEvent.click(
      within(within(panel).getByRole('article', { name: 'AI Full Suite' })).getByRole('button', {
        name: 'Add to Cart',
      }),
    );
    expect(props.onAddToCart).toHaveBeenCalledWith({
      id: 'gym-AI Full Suite',
      name: 'AI Full Suite',
      category: 'Gym & Fitness',
      price: '₹4,75,000',
    });
    expect(props.onNeedLogin).not.toHaveBeenCalled();
  });

  it('when a visitor who cannot add clicks Add to Cart, then they are asked to sign up instead', async () => {
    const props = renderSection({ canAdd: false });
    await userEvent.click(screen.getAllByRole('button', { name: 'Add to Cart' })[0]!);
    expect(props.onNeedLogin).toHaveBeenCalledTimes(1);
    expect(props.onAddToCart).not.toHaveBeenCalled();
  });

  it('when a plan is already in the cart, then its button reads Added to Cart and is disabled', () => {
    renderSection({ isInCart: (id) => id === 'website-Business' });
    const panel = screen.getByRole('tabpanel', { name: 'Websites & E-commerce' });
    const button = within(within(panel).getByRole('article', { name: 'Business' })).getByRole('button');
    expect(button).toHaveTextContent('Added to Cart');
    expect(button).toBeDisabled();
    expect(screen.getAllByRole('button', { name: 'Add to Cart' })).toHaveLength(14);
  });

  it('when nobody is known to be signed in yet, then clicking Add to Cart hands the plan to the page, which acts once it knows', async () => {
    const props = renderSection({ canAdd: false });
    const button = screen.getAllByRole('button', { name: 'Add to Cart' })[0]!;
    // Rendered by the script (not the prerendered HTML): the button is live at once.
    expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    expect(props.onNeedLogin).toHaveBeenCalledTimes(1);
    expect(props.onAddToCart).not.toHaveBeenCalled();
  });

  it('when a tab is clicked or arrow keys are used, then the selection moves and the panels scroll to it', async () => {
    renderSection();
    const tabs = screen.getAllByRole('tab');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(tabs[2]!);
    expect(tabs[2]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'false');
    expect(Element.prototype.scrollTo).toHaveBeenCalled();

    fireEvent.keyDown(tabs[2]!, { key: 'ArrowRight' });
    expect(tabs[3]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[3]).toHaveFocus();
    fireEvent.keyDown(tabs[3]!, { key: 'End' });
    expect(tabs[4]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(tabs[4]!, { key: 'ArrowRight' });
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('when a category is shown, then the other panels are inert (out of the Tab order) until theirs is chosen', async () => {
    renderSection();
    const inertPanels = () =>
      screen.getAllByRole('tabpanel').map((panel) => [panel.id, panel.hasAttribute('inert')] as const);

    expect(inertPanels().filter(([, isInert]) => !isInert)).toEqual([['panel-manufacturing', false]]);
    await userEvent.click(screen.getByRole('tab', { name: 'Learning Apps' }));
    expect(inertPanels().filter(([, isInert]) => !isInert)).toEqual([['panel-learning', false]]);
    expect(inertPanels().filter(([, isInert]) => isInert)).toHaveLength(4);
  });

  describe('as the panels scroll', () => {
    const WIDTH = 1000;

    /** The panels' scroller at `panels` panel widths from the start; scroll frames run at once. */
    function scrollPanelsTo(panels: number, event: 'scroll' | 'scrollend' = 'scroll') {
      const scroller = screen.getByTestId('product-panels');
      Object.defineProperty(scroller, 'clientWidth', { configurable: true, value: WIDTH });
      Object.defineProperty(scroller, 'scrollLeft', { configurable: true, value: panels * WIDTH });
      fireEvent(scroller, new Event(event));
    }

    const selectedTab = () =>
      screen.getAllByRole('tab').findIndex((tab) => tab.getAttribute('aria-selected') === 'true');
    const livePanels = () =>
      screen.getAllByRole('tabpanel').flatMap((panel, index) => (panel.hasAttribute('inert') ? [] : [index]));

    beforeEach(() => {
      vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
        callback(0);
        return 1;
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it('when a tab’s smooth scroll passes other panels on its way, then the chosen tab stays selected and its panel live', async () => {
      renderSection();
      await userEvent.click(screen.getByRole('tab', { name: 'Gym & Fitness' }));
      // It starts in the panel left behind (the first) and passes the second and the third.
      for (const position of [0.02, 0.4, 1.3, 2.2, 2.9, 3]) {
        scrollPanelsTo(position);
        expect([selectedTab(), livePanels()]).toEqual([3, [3]]);
      }
      scrollPanelsTo(3, 'scrollend');
      expect([selectedTab(), livePanels()]).toEqual([3, [3]]);
    });

    it('when a tab’s scroll ends short of its panel (a swipe or a re-snap stopped it), then the panel it rests on is active', async () => {
      renderSection();
      await userEvent.click(screen.getByRole('tab', { name: 'Gym & Fitness' }));
      scrollPanelsTo(0.6);
      scrollPanelsTo(1, 'scrollend');
      expect([selectedTab(), livePanels()]).toEqual([1, [1]]);
    });

    it('when the visitor swipes, then the active tab follows the panel in view as it goes', () => {
      renderSection();
      scrollPanelsTo(0.4);
      expect(selectedTab()).toBe(0);
      scrollPanelsTo(0.6);
      expect([selectedTab(), livePanels()]).toEqual([1, [1]]);
      scrollPanelsTo(2.7);
      expect([selectedTab(), livePanels()]).toEqual([3, [3]]);
    });

    it('when the browser has no scrollend event, then a tab’s scroll that rests on another panel still makes it active', async () => {
      const onScrollEnd = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'onscrollend')!;
      delete (HTMLElement.prototype as Partial<HTMLElement>).onscrollend;
      try {
        renderSection();
        await userEvent.click(screen.getByRole('tab', { name: 'Gym & Fitness' }));
        scrollPanelsTo(0.02);
        scrollPanelsTo(1.3);
        expect([selectedTab(), livePanels()]).toEqual([3, [3]]);
        scrollPanelsTo(1);
        expect([selectedTab(), livePanels()]).toEqual([1, [1]]);
      } finally {
        Object.defineProperty(HTMLElement.prototype, 'onscrollend', onScrollEnd);
      }
    });
  });
});
