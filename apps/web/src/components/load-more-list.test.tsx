import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadMoreList, type LoadMoreListProps } from './load-more-list.tsx';
import { componentTexts } from './texts.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
let container: HTMLDivElement;
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

function render(props: Partial<LoadMoreListProps<string>>) {
  container = document.createElement('div');
  document.body.append(container);
  const all: LoadMoreListProps<string> = {
    items: [],
    isPending: false,
    error: null,
    hasMore: false,
    loadMore: () => Promise.resolve(),
    refresh: () => Promise.resolve(),
    renderItem: (item) => <p key={item}>{item}</p>,
    ...props,
  };
  act(() => {
    root = createRoot(container);
    root.render(<LoadMoreList {...all} />);
  });
  return container;
}

describe('LoadMoreList', () => {
  it('shows a skeleton while the first page loads', () => {
    expect(render({ isPending: true }).querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('shows the empty text when there is nothing', () => {
    expect(render({ emptyText: '暂无房贷客户' }).textContent).toContain('暂无房贷客户');
  });

  it('shows the error message when the first page failed', () => {
    const text = render({ error: new Error('网络异常，请检查网络后重试') }).textContent;
    expect(text).toContain('网络异常，请检查网络后重试');
    expect(text).toContain(componentTexts.loadFailed);
  });

  it('offers a retry that asks for the list again when the first page failed', () => {
    let refreshed = 0;
    const view = render({
      error: new Error('网络异常，请检查网络后重试'),
      refresh: () => {
        refreshed += 1;
        return Promise.resolve();
      },
    });
    const retry = [...view.querySelectorAll('button')].find((button) => button.textContent === componentTexts.retry);
    act(() => retry?.click());
    expect(refreshed).toBe(1);
  });

  it('wraps the items when asked, so a caller can render a list of <li>', () => {
    const view = render({
      items: ['甲', '乙'],
      renderItem: (item) => <li key={item}>{item}</li>,
      wrapItems: (rendered) => <ul className="wrapped">{rendered}</ul>,
    });
    expect(view.querySelectorAll('ul.wrapped > li')).toHaveLength(2);
  });

  it('renders the items and says when there is no more', () => {
    const text = render({ items: ['甲', '乙'] }).textContent;
    expect(text).toContain('甲');
    expect(text).toContain('乙');
    expect(text).toContain(componentTexts.noMore);
  });
});
