/**
 * A partner's referral once it has become a case, as both of its pages show it (the partner's /outside/detail
 * and the staff's /business/houseYsb): the case's status, and no action on the referral any more.
 */
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { aReferralDetail } from './outside-data.ts';
import { ok, type Answers, type CallTarget, on, type PageView } from './render-page.tsx';

/** Opens the page with `target` answering a converted referral; the case's status shows and `button` does not. */
export async function showsConvertedReferral(
  render: (api: Answers) => Promise<PageView>,
  target: CallTarget,
  button: string,
): Promise<void> {
  const converted = { status: 2, status_label: '已转报单', case_status_label: '签约中', can_edit: false };
  await render([on(target, ok(aReferralDetail({ ...converted, can_convert: false })))]);
  expect(await screen.findByText('签约中')).toBeTruthy();
  expect(screen.queryByRole('button', { name: button })).toBeNull();
}
