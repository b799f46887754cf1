/**
 * A light toast: one DOM node, CSS transitions, no animation library. antd-mobile's Toast brings
 * react-spring (~20 KB gzipped), which would be most of what the login page loads beyond React and the
 * router. It looks like antd-mobile's (centred, dark, optional icon); it is the app's one toast (a lint rule
 * refuses antd-mobile's in app code).
 */
type ShowOptions = {
  content: string;
  icon?: 'success' | 'fail' | 'loading';
  duration?: number;
  maskClickable?: boolean;
};

const ICONS: Record<NonNullable<ShowOptions['icon']>, string> = { success: '✓', fail: '!', loading: '' };

let current: { node: HTMLElement; timer: number } | null = null;

function clear(): void {
  if (!current) return;
  window.clearTimeout(current.timer);
  const { node } = current;
  current = null;
  node.classList.remove('crm-toast--visible');
  window.setTimeout(() => node.remove(), 200);
}

export const Toast = {
  show({ content, icon, duration = 2000 }: ShowOptions): void {
    clear();
    const node = document.createElement('div');
    node.className = 'crm-toast';
    node.setAttribute('role', 'alert');
    node.setAttribute('aria-live', 'assertive');
    if (icon) {
      const mark = document.createElement('span');
      mark.className = `crm-toast__icon crm-toast__icon--${icon}`;
      mark.textContent = ICONS[icon];
      mark.setAttribute('aria-hidden', 'true');
      node.append(mark);
    }
    const text = document.createElement('span');
    text.className = 'crm-toast__text';
    text.textContent = content;
    node.append(text);
    document.body.append(node);
    // Next frame, so the transition runs from the hidden state.
    window.requestAnimationFrame(() => node.classList.add('crm-toast--visible'));
    current = { node, timer: window.setTimeout(clear, duration) };
  },
  clear,
};
