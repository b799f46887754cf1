import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Input, List } from 'antd-mobile';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FormField } from '../components/form-field.tsx';
import { formErrorsOf, type SchemaForm, useSchemaForm, type UseSchemaFormOptions } from './use-schema-form.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z.object({
  name: z.string().min(1, '姓名必填'),
  phone: z.string().regex(/^1[3-9]\d{9}$/, '手机号码格式错误'),
});
type Values = { name: string; phone: string };

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  cleanup();
});

/** Renders the hook with `options` outside any page, and gives a getter of what it returns now. */
function mountForm<V extends Record<string, unknown>, Out>(options: UseSchemaFormOptions<V, Out>) {
  let form: SchemaForm<V, Out> | undefined;
  function Probe() {
    form = useSchemaForm(options);
    return null;
  }
  act(() => {
    root = createRoot(document.createElement('div'));
    root.render(<Probe />);
  });
  return () => {
    if (!form) throw new Error('not rendered');
    return form;
  };
}

const mount = () =>
  mountForm<Values, z.infer<typeof schema>>({ schema, initial: { name: '', phone: '' }, idPrefix: 'probe' });

describe('useSchemaForm', () => {
  it('keeps what was typed and names each bad field after a refused submit', () => {
    const form = mount();
    act(() => form().set('phone')('12345'));
    let parsed: unknown = 'untouched';
    act(() => {
      parsed = form().validate();
    });
    expect(parsed).toBeNull();
    expect(form().errors).toEqual({ name: '姓名必填', phone: '手机号码格式错误' });
    expect(form().values).toEqual({ name: '', phone: '12345' });
  });

  it('clears a field’s message as soon as that field is fixed, and leaves the others', () => {
    const form = mount();
    act(() => {
      form().validate();
    });
    act(() => form().set('phone')('1380000'));
    expect(form().errors.phone).toBe('手机号码格式错误');
    act(() => form().set('phone')('13800000000'));
    expect(form().errors.phone).toBeUndefined();
    expect(form().errors.name).toBe('姓名必填');
  });

  it('drops a message of a rule over two fields once the other field makes it hold, but keeps the server’s', () => {
    const paid = z
      .object({ method: z.string(), card: z.string() })
      .refine((v) => v.method !== 'card' || v.card !== '', { message: '请输入卡号', path: ['card'] });
    const form = mountForm({ schema: paid, initial: { method: 'card', card: '' }, idPrefix: 'paid' });
    act(() => void form().validate());
    expect(form().errors.card).toBe('请输入卡号');
    act(() => form().set('method')('cash'));
    expect(form().errors.card).toBeUndefined();
    act(() => form().setError('card', '该卡已停用'));
    act(() => form().set('method')('card'));
    expect(form().errors.card).toBe('该卡已停用');
  });

  it('answers the parsed values once the input is good', () => {
    const form = mount();
    act(() => {
      form().set('name')('张三');
      form().set('phone')('13800000000');
    });
    let parsed: unknown;
    act(() => {
      parsed = form().validate();
    });
    expect(parsed).toEqual({ name: '张三', phone: '13800000000' });
    expect(form().errors).toEqual({});
  });

  it('does not check a field before the first submit', () => {
    const form = mount();
    act(() => form().set('phone')('1'));
    expect(form().errors).toEqual({});
  });

  it('validates what toInput makes of the values', () => {
    const form = mountForm({
      schema: z.object({ term: z.string().min(1, '请选择期限') }),
      initial: { term: null as number | null },
      toInput: ({ term }) => ({ term: term === null ? '' : String(term) }),
      idPrefix: 'term',
    });
    act(() => void form().validate());
    expect(form().errors.term).toBe('请选择期限');
    act(() => form().set('term')(12));
    expect(form().errors.term).toBeUndefined();
    expect(form().validate()).toEqual({ term: '12' });
  });
});

describe('formErrorsOf', () => {
  it('keeps the first message of each field, and form-level ones under _', () => {
    expect(
      formErrorsOf([
        { path: ['a'], message: 'first' },
        { path: ['a'], message: 'second' },
        { path: [], message: 'form' },
      ]),
    ).toEqual({ a: 'first', _: 'form' });
  });
});

describe('FormField', () => {
  function Form() {
    const form = useSchemaForm({ schema, initial: { name: '', phone: '' }, idPrefix: 'person' });
    return (
      <List>
        <FormField field={form.field('name')} label="姓名">
          <Input {...form.input('name')} />
        </FormField>
        <FormField field={form.field('phone')} label="手机号码">
          <Input {...form.input('phone')} />
        </FormField>
        <button type="button" onClick={() => form.validate()}>
          提交
        </button>
      </List>
    );
  }

  it('ties each label to its input, shows each message under its field, and clears it when fixed', () => {
    render(<Form />);
    const name = screen.getByLabelText('姓名');
    expect(name.tagName).toBe('INPUT');
    expect(name.id).toBe('person-name');
    fireEvent.click(screen.getByText('提交'));
    expect(document.getElementById('person-name-error')?.textContent).toBe('姓名必填');
    expect(screen.getByText('手机号码格式错误')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13800000000' } });
    expect(screen.getByLabelText<HTMLInputElement>('手机号码').value).toBe('13800000000');
    expect(screen.queryByText('手机号码格式错误')).toBeNull();
    expect(screen.getByText('姓名必填')).toBeTruthy();
  });
});
