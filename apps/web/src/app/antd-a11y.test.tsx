import { act, fireEvent, render, screen } from '@testing-library/react';
import { Button, Input } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mendAntdControls } from './antd-a11y.ts';

let observer: MutationObserver;
beforeEach(() => {
  observer = mendAntdControls();
});
afterEach(() => observer.disconnect());

/** The observer answers after the DOM change, in a microtask. */
const mended = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('mendAntdControls (axe, issue 39)', () => {
  it("makes a clearable Input's clear control a button (a label on a div without a role is not allowed)", async () => {
    const { container } = render(<Input aria-label="姓名" defaultValue="张三" clearable />);
    fireEvent.focus(container.querySelector('input')!);
    await mended();
    const clear = container.querySelector('.adm-input-clear');
    expect(clear?.getAttribute('aria-label')).toBeTruthy();
    expect(clear?.getAttribute('role')).toBe('button');
  });

  it('keeps the name of a button while it waits on the server, and gives it back after', async () => {
    const { rerender } = render(<Button>提交</Button>);
    await mended();
    rerender(<Button loading>提交</Button>);
    await mended();
    const busy = screen.getByRole('button', { name: '提交' });
    expect(busy.textContent?.trim()).toBe('');
    expect(busy.getAttribute('aria-busy')).toBe('true');
    rerender(<Button>提交</Button>);
    await mended();
    expect(screen.getByRole('button', { name: '提交' }).hasAttribute('aria-label')).toBe(false);
  });

  it('names a button that is loading from the start', async () => {
    render(<Button loading>提交</Button>);
    await mended();
    expect(screen.getByRole('button', { name: '处理中' })).toBeTruthy();
  });
});
