/**
 * What the back office's page tests share beyond the app's harness (test/page.ts): a page opened on the
 * desktop with the admin's whoami, and the steps many of the tests take.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { adminApi } from '../../test/admin-data.ts';
import { renderPage } from '../../test/page.ts';

/** The page at `path` on the desktop, its calls answered by `api` and whoami (a company admin by default). */
export const openAdmin = (path: string, api: Parameters<typeof adminApi>[0], whoami?: Parameters<typeof adminApi>[1]) =>
  renderPage(path, { browser: 'desktop', api: adminApi(api, whoami) });

/** Types each value into the control its label names. */
export const fill = (form: { getByLabelText: (label: string) => HTMLElement }, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values))
    fireEvent.change(form.getByLabelText(label), { target: { value } });
};

/** The table row that shows `text`, once it is on screen. */
export const rowOf = async (text: string) => within((await screen.findByText(text)).closest('tr') as HTMLElement);
