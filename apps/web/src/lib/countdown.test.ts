import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runCountdown, SMS_COUNTDOWN_SECONDS } from './countdown.ts';

describe('runCountdown (the one SMS countdown, issue 45 point 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says 59 at once, one less each second, then 0 and finishes once', () => {
    const heard: number[] = [];
    const onFinish = vi.fn();
    runCountdown(SMS_COUNTDOWN_SECONDS, (seconds) => heard.push(seconds), onFinish);
    expect(heard).toEqual([59]);
    vi.advanceTimersByTime(58_999);
    expect(heard.at(-1)).toBe(1);
    expect(onFinish).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(heard).toEqual(Array.from({ length: 60 }, (_, i) => 59 - i));
    expect(onFinish).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(heard).toHaveLength(60);
  });

  it('reads the clock: a page that was busy for three seconds shows the seconds really left', () => {
    const heard: number[] = [];
    runCountdown(10, (seconds) => heard.push(seconds));
    // The clock jumps while no timer runs (a blocked main thread), then the next tick fires.
    vi.setSystemTime(Date.now() + 3500);
    vi.advanceTimersByTime(1000);
    expect(heard).toEqual([10, 6]);
  });

  it('stops when told, and a wait of zero or a fraction rounds as a server retryAfter means', () => {
    const heard: number[] = [];
    const onFinish = vi.fn();
    const stop = runCountdown(3, (seconds) => heard.push(seconds), onFinish);
    vi.advanceTimersByTime(1000);
    stop();
    vi.advanceTimersByTime(5000);
    expect(heard).toEqual([3, 2]);
    expect(onFinish).not.toHaveBeenCalled();

    const zero: number[] = [];
    runCountdown(0, (seconds) => zero.push(seconds), onFinish);
    expect(zero).toEqual([0]);
    expect(onFinish).not.toHaveBeenCalled();
    const fraction: number[] = [];
    runCountdown(1.2, (seconds) => fraction.push(seconds));
    expect(fraction).toEqual([2]);
  });
});
