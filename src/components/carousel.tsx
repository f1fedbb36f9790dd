import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from './icons';

export interface CarouselSlide {
  src: string;
  alt: string;
}

interface CarouselProps {
  slides: CarouselSlide[];
  /** Names the carousel for screen readers, e.g. the product category. */
  label: string;
  /** Intrinsic size of the images, so the space is reserved before they load. */
  width: number;
  height: number;
  intervalMs?: number;
  className?: string;
}

export const CAROUSEL_INTERVAL_MS = 5000;

function usePrefersReducedMotion(): boolean {
  const [prefers, setPrefers] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setPrefers(query.matches);
    const onChange = () => setPrefers(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return prefers;
}

const controlButton =
  'grid size-10 place-items-center rounded-full bg-white/95 text-slate-800 shadow-md ring-1 ring-slate-900/10 hover:bg-white hover:text-brand-darker focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-darker';

/** One slide's picture: its space reserved at the intrinsic size, loaded lazily. */
function SlideImage({ slide, width, height }: { slide: CarouselSlide; width: number; height: number }) {
  return (
    <img
      src={slide.src}
      alt={slide.alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className="block h-auto w-full"
    />
  );
}

/**
 * Image carousel: advances every 5 s and wraps; arrows, dots and arrow keys move it. It pauses
 * while hovered or focused, when the user pauses it, and never auto-plays for users who prefer
 * reduced motion. A single slide is shown as a plain image.
 */
export function Carousel({
  slides,
  label,
  width,
  height,
  intervalMs = CAROUSEL_INTERVAL_MS,
  className = '',
}: CarouselProps) {
  const [index, setIndex] = useState(0);
  const [isHovered, setHovered] = useState(false);
  const [hasFocus, setHasFocus] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const id = useId();
  const count = slides.length;
  const isRotating = count > 1 && !isStopped && !reducedMotion && !isHovered && !hasFocus;

  useEffect(() => {
    if (!isRotating) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [isRotating, count, intervalMs]);

  if (count === 0) return null;
  if (count === 1) {
    const [slide] = slides;
    return (
      <div className={`overflow-hidden rounded-2xl bg-brand-light ${className}`}>
        <SlideImage slide={slide!} width={width} height={height} />
      </div>
    );
  }

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={`group relative overflow-hidden rounded-2xl bg-brand-light ${className}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHasFocus(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHasFocus(false);
      }}
      onKeyDown={onKeyDown}
      data-index={index}
    >
      <div
        id={`${id}-slides`}
        aria-live={isRotating ? 'off' : 'polite'}
        className="flex transition-transform duration-500 ease-out"
        style={{ transform: `translateX(-${index * 100}%)` }}
      >
        {slides.map((slide, slideIndex) => (
          <div
            key={slide.src}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slideIndex + 1} of ${count}`}
            aria-hidden={slideIndex !== index}
            className="w-full shrink-0"
          >
            <SlideImage slide={slide} width={width} height={height} />
          </div>
        ))}
      </div>

      <div className="pointer-events-none absolute inset-x-3 top-1/2 flex -translate-y-1/2 justify-between">
        <button
          type="button"
          className={`pointer-events-auto ${controlButton}`}
          aria-controls={`${id}-slides`}
          aria-label="Previous slide"
          onClick={() => go(index - 1)}
        >
          <ChevronLeftIcon className="size-5" />
        </button>
        <button
          type="button"
          className={`pointer-events-auto ${controlButton}`}
          aria-controls={`${id}-slides`}
          aria-label="Next slide"
          onClick={() => go(index + 1)}
        >
          <ChevronRightIcon className="size-5" />
        </button>
      </div>

      <div className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-3">
        <div className="flex items-center gap-1 rounded-full bg-slate-900/55 px-2 py-1">
          {slides.map((slide, slideIndex) => (
            <button
              key={slide.src}
              type="button"
              aria-label={`Show slide ${slideIndex + 1} of ${count}`}
              aria-current={slideIndex === index ? 'true' : undefined}
              onClick={() => go(slideIndex)}
              className="group/dot grid size-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
            >
              <span
                aria-hidden="true"
                className={`block h-2 rounded-full transition-all ${slideIndex === index ? 'w-5 bg-white' : 'w-2 bg-white/60 group-hover/dot:bg-white/90'}`}
              />
            </button>
          ))}
        </div>
        {!reducedMotion && (
          <button
            type="button"
            className="grid size-8 place-items-center rounded-full bg-slate-900/55 text-white hover:bg-slate-900/75 focus-visible:outline-2 focus-visible:outline-white"
            aria-label={isStopped ? 'Play slideshow' : 'Pause slideshow'}
            onClick={() => setStopped((stopped) => !stopped)}
          >
            {isStopped ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
          </button>
        )}
      </div>
    </section>
  );
}
