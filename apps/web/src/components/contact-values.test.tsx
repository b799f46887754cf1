import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CopyOnLongPress, PhoneLink } from './contact-values.tsx';

describe('PhoneLink', () => {
  it('calls a whole number in one tap', () => {
    render(<PhoneLink phone="13912345678" />);
    expect(screen.getByRole('link', { name: '13912345678' }).getAttribute('href')).toBe('tel:13912345678');
  });

  it('leaves a masked number as text: it cannot be dialled', () => {
    render(<PhoneLink phone="139****5678" />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('139****5678')).toBeTruthy();
  });
});

describe('CopyOnLongPress', () => {
  const press = (ms: number) => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers();
    try {
      render(<CopyOnLongPress value="310104198503151234" />);
      const value = screen.getByText('310104198503151234');
      fireEvent.pointerDown(value, { button: 0 });
      act(() => {
        vi.advanceTimersByTime(ms);
      });
      fireEvent.pointerUp(value);
      act(() => {
        vi.advanceTimersByTime(1000);
      });
    } finally {
      vi.useRealTimers();
    }
    return writeText;
  };

  it('copies the number on a long press', () => {
    expect(press(600)).toHaveBeenCalledWith('310104198503151234');
  });

  it('does nothing on a short tap', () => {
    expect(press(100)).not.toHaveBeenCalled();
  });
});
