import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SMS_COUNTDOWN_SECONDS, useCountdown } from './use-countdown.ts';

// React 19's act, with this app's React (the repo root also holds a React 18 for other packages).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Countdown = ReturnType<typeof useCountdown>;

function renderCountdown(onFinish?: () => void) {
  const current: { value: Countdown | null } = { value: null };
  function Probe(): ReactNode {
    current.value = useCountdown(onFinish);
    return null;
  }
  const container = document.createElement('div');
  let root: Root | null = null;
  act(() => {
    root = createRoot(container);
    root.render(<Probe />);
  });
  return {
    get countdown(): Countdown {
      if (!current.value) throw new Error('not rendered');
      return current.value;
    },
    unmount: () => act(() => root?.unmount()),
  };
}

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down from 59 one second at a time and calls onFinish at zero', () => {
    const onFinish = vi.fn();
    const view = renderCountdown(onFinish);
    expect(view.countdown.isCounting).toBe(false);

    act(() => view.countdown.start());
    expect(SMS_COUNTDOWN_SECONDS).toBe(59);
    expect(view.countdown.seconds).toBe(59);
    expect(view.countdown.isCounting).toBe(true);

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(view.countdown.seconds).toBe(58);

    for (let i = 0; i < 57; i += 1)
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    expect(view.countdown.seconds).toBe(1);
    expect(onFinish).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(view.countdown.seconds).toBe(0);
    expect(view.countdown.isCounting).toBe(false);
    expect(onFinish).toHaveBeenCalledTimes(1);

    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(view.countdown.seconds).toBe(0);
    view.unmount();
  });

  it('starts from a server retryAfter', () => {
    const view = renderCountdown();
    act(() => view.countdown.start(12));
    expect(view.countdown.seconds).toBe(12);
    view.unmount();
  });
});
