import { componentTexts } from '../components/texts.ts';

/*
 * Two controls antd-mobile 5.43 leaves without a usable name, which the app mends as they appear (axe, issue 39):
 * - an Input's clear control (`clearable`) is a clickable <div aria-label="清除"> without a role, so a screen
 *   reader does not announce a control, and a label on a div without a role is not allowed;
 * - a Button that is `loading` shows only its spinner, so while the server answers it has no name at all.
 */

/** What each button said before it started loading. */
const buttonNames = new WeakMap<Element, string>();
const LENT_NAME = 'data-crm-loading-name';

function mendButton(button: Element) {
  const text = button.textContent?.trim() ?? '';
  if (!button.classList.contains('adm-button-loading')) {
    if (text) buttonNames.set(button, text);
    if (button.hasAttribute(LENT_NAME)) {
      button.removeAttribute(LENT_NAME);
      button.removeAttribute('aria-label');
      button.removeAttribute('aria-busy');
    }
    return;
  }
  if (text || button.hasAttribute('aria-label') || button.hasAttribute('aria-labelledby')) return;
  button.setAttribute(LENT_NAME, '');
  button.setAttribute('aria-label', buttonNames.get(button) ?? componentTexts.busy);
  button.setAttribute('aria-busy', 'true');
}

function mend(element: Element) {
  if (element.matches('.adm-input-clear') && !element.hasAttribute('role')) element.setAttribute('role', 'button');
  if (element.matches('.adm-button')) mendButton(element);
}

export function mendAntdControls(root: Node = document.body): MutationObserver {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') {
        if (record.target instanceof Element) mend(record.target);
        continue;
      }
      // A button's content changed (its text or its spinner), or new controls arrived.
      const button = record.target instanceof Element ? record.target.closest('.adm-button') : null;
      if (button) mendButton(button);
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        mend(node);
        node.querySelectorAll('.adm-input-clear, .adm-button').forEach(mend);
      }
    }
  });
  observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  if (root instanceof Element || root instanceof Document)
    root.querySelectorAll('.adm-input-clear, .adm-button').forEach(mend);
  return observer;
}
