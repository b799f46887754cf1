import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast.ts';
import { CaseForm, emptyCaseForm } from './case-form.tsx';

vi.mock('../../../lib/toast.ts', () => ({ showToast: vi.fn() }));

function renderForm(onSubmit: (values: Record<string, string>) => Promise<void>, initial = emptyCaseForm()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CaseForm initial={initial} submitText="提交" isSubmitting={false} onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
}

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

describe('CaseForm', () => {
  beforeEach(() => {
    // The reference lists answer empty: the form works without them.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: [] }), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows the shared rules' messages beside the fields and sends nothing", async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    type('case-name', '陈美玲');
    type('case-amount', '0500');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('金额格式不正确')).toBeTruthy();
    expect(screen.getByText('身份证号码必填')).toBeTruthy();
    expect((document.getElementById('case-name') as HTMLInputElement).value).toBe('陈美玲');
  });

  it('says an amount over the cap is too large, not badly formatted (issue 39)', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderForm(onSubmit);
    type('case-amount', '100000000');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('金额不能超过 99,999,999.99 元')).toBeTruthy();
    expect(screen.queryByText('金额格式不正确')).toBeNull();
  });

  it('derives birth date and sex from a valid ID number and keeps what was typed when the server refuses', async () => {
    const onSubmit = vi.fn(async () => {
      throw new Error('该身份证号已有进行中的报单');
    });
    // The term comes from a picker sheet; the form starts with one chosen, as the edit page does.
    renderForm(onSubmit, { ...emptyCaseForm(), term: '36' });
    type('case-name', '陈美玲');
    type('case-phone', '13912345678');
    type('case-id_number', '11010519491231002X');
    type('case-amount', '50000');
    expect(screen.getByText('出生日期 1949-12-31 · 女')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '提交' })));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ name: '陈美玲', amount: '50000', term: '36' }),
      expect.any(String),
    );
    expect(showToast).toHaveBeenCalledWith({ content: '该身份证号已有进行中的报单', icon: 'fail' });
    expect((document.getElementById('case-id_number') as HTMLInputElement).value).toBe('11010519491231002X');
  });
});
