import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Carousel } from '@/components/carousel';

const SLIDES = [
  { src: '/a.svg', alt: 'First' },
  { src: '/b.svg', alt: 'Second' },
  { src: '/c.svg', alt: 'Third' },
];

function mockReducedMotion(matches: boolean) {
  window.matchMedia = vi.fn().mockReturnValue({
    matches,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  }) as unknown as typeof window.matchMedia;
}

const current = () => Number(screen.getByRole('region', { name: 'Demo' }).getAttribute('data-index'));

describe('Carousel', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mockReducedMotion(false);
  });
  afterEach(() => vi.useRealTimers());

  it('when left alone, then it advances every 5000 ms and wraps to the first slide', () => {
    render(<Carousel slides={SLIDES} label="Demo" width={800} height={500} />);
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(4999));
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(4999));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(0);
    expect(screen.getByRole('button', { name: 'Show slide 1 of 3' })).toHaveAttribute('aria-current', 'true');
  });

  it('when the arrows and dots are used, then it moves to that slide, wrapping at both ends', () => {
    render(<Carousel slides={SLIDES} label="Demo" width={800} height={500} />);
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(current()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(current()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show slide 3 of 3' }));
    expect(current()).toBe(2);
    expect(screen.getByRole('button', { name: 'Show slide 3 of 3' })).toHaveAttribute('aria-current', 'true');
    fireEvent.keyDown(screen.getByRole('region', { name: 'Demo' }), { key: 'ArrowRight' });
    expect(current()).toBe(0);
    fireEvent.keyDown(screen.getByRole('region', { name: 'Demo' }), { key: 'ArrowLeft' });
    expect(current()).toBe(2);
  });

  it('when hovered, focused or paused, then it stops advancing', () => {
    render(<Carousel slides={SLIDES} label="Demo" width={800} height={500} />);
    const region = screen.getByRole('region', { name: 'Demo' });
    fireEvent.mouseEnter(region);
    act(() => vi.advanceTimersByTime(12_000));
    expect(current()).toBe(0);
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(5000));
    expect(current()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play slideshow' }));
    act(() => vi.advanceTimersByTime(12_000));
    expect(current()).toBe(1);
  });

  it('when the user prefers reduced motion, then it never auto-advances', () => {
    mockReducedMotion(true);
    render(<Carousel slides={SLIDES} label="Demo" width={800} height={500} />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
    expect(screen.queryByRole('button', { name: 'Pause slideshow' })).not.toBeInTheDocument();
  });

  it('when there is one slide, then it shows a plain image without controls', () => {
    render(<Carousel slides={[SLIDES[0]!]} label="Demo" width={800} height={500} />);
    const image = screen.getByRole('img', { name: 'First' });
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
