import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from './use-schema-form.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const schema = z.object({ name: z.string().min(1, '姓名必填'), phone: z.string().regex(/^1[3-9]\d{9}$/, '手机号码格式错误') });

let root: Root | null = null;
afterEach(() => act(() => root?.unmount()));

function mount() {
  let form: ReturnType<typeof useSchemaForm<{ name: string; phone: string }>> | undefined;
  function Probe() {
    form = useSchemaForm({ name: '', phone: '' });
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

describe('useSchemaForm', () => {
  it('keeps what was typed and names each bad field after a refused submit', () => {
    const form = mount();
    act(() => form().set('phone')('12345'));
    let parsed: unknown = 'untouched';
    act(() => {
      parsed = form().validate(schema);
    });
    expect(parsed).toBeNull();
    expect(form().errors).toEqual({ name: '姓名必填', phone: '手机号码格式错误' });
    expect(form().values).toEqual({ name: '', phone: '12345' });
  });

  it('answers the parsed values and clears the messages once the input is good', () => {
    const form = mount();
    act(() => {
      form().validate(schema);
    });
    act(() => {
      form().set('name')('张三');
      form().set('phone')('13800000000');
    });
    let parsed: unknown;
    act(() => {
      parsed = form().validate(schema);
    });
    expect(parsed).toEqual({ name: '张三', phone: '13800000000' });
    expect(form().errors).toEqual({});
  });
});
