// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from '@/lib/when-idle';

describe('whenIdle', () => {
  let longTask: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    // Chromium's long-task observer, as the landing page sees it.
    class FakeObserver {
      static supportedEntryTypes = ['longtask'];
      constructor(callback: () => void) {
        longTask = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('when the loaded page stays quiet, then the task runs after the quiet window and not before', () => {
    const task = vi.fn();
    whenIdle(task, { quietMs: 5_000 });

    vi.advanceTimersByTime(4_999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('when long tasks keep coming, then each one restarts the window, up to the deadline', () => {
    const task = vi.fn();
    whenIdle(task, { quietMs: 5_000, timeoutMs: 12_000 });

    vi.advanceTimersByTime(4_000);
    longTask();
    vi.advanceTimersByTime(4_000);
    expect(task).not.toHaveBeenCalled();
    longTask();
    vi.advanceTimersByTime(4_000);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('when cancelled, then the task never runs', () => {
    const task = vi.fn();
    const cancel = whenIdle(task);

    cancel();
    vi.advanceTimersByTime(60_000);
    expect(task).not.toHaveBeenCalled();
  });
});
