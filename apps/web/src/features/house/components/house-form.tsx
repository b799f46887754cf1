import { Button, Input, List, SearchBar, TextArea, type InputProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { NetworkRetry } from '../../../components/network-retry.tsx';
import { useDraftedSubmit } from '../../../lib/form-draft.ts';
import {
  useSchemaForm,
  type FieldBinding,
  type SchemaForm,
  type UseSchemaFormOptions,
} from '../../../lib/use-schema-form.ts';
import { houseTexts as t } from '../texts.ts';
import { sendForm } from './send-form.ts';

/** The part of the form hook a text row needs, for a form that has the field `K`. */
type TextForm<K extends string> = {
  field: (key: K) => FieldBinding;
  input: (key: K) => { id: string; value: string; onChange: (value: string) => void };
};

export type HouseTextFieldProps<K extends string> = { form: TextForm<K> };

/** A label of houseTexts with its placeholder beside it: `bank` and `bankPlaceholder`. */
type LabelKey = {
  [K in keyof typeof t]: K extends `${infer L extends keyof typeof t}Placeholder`
    ? (typeof t)[L] extends string
      ? L
      : never
    : never;
}[keyof typeof t];

export type HouseInputProps<K extends string> = HouseTextFieldProps<K> & {
  name: K;
  /** The row's label in houseTexts; the input's placeholder is the text of the same name + `Placeholder`. */
  text: LabelKey;
} & Pick<InputProps, 'maxLength' | 'inputMode' | 'type'>;

/** A one-line text row of a house form: its label, the input and the field's message. */
export function HouseInput<K extends string>({ form, name, text, ...input }: HouseInputProps<K>) {
  return (
    <FormField field={form.field(name)} label={t[text]}>
      <Input placeholder={t[`${text}Placeholder`]} {...form.input(name)} {...input} />
    </FormField>
  );
}

/** The name row every house form starts with. */
export function NameField({ form }: HouseTextFieldProps<'name'>) {
  return <HouseInput form={form} name="name" text="name" maxLength={30} />;
}

/** A mobile number row. */
export function PhoneField({ form }: HouseTextFieldProps<'phone'>) {
  return <HouseInput form={form} name="phone" text="phone" maxLength={11} type="tel" />;
}

/** The free-text remark row. */
export function RemarkField({ form }: HouseTextFieldProps<'remark'>) {
  return (
    <FormField field={form.field('remark')} label={t.remark}>
      <TextArea placeholder={t.remarkPlaceholder} {...form.input('remark')} maxLength={200} autoSize />
    </FormField>
  );
}

export type HouseActionProps = {
  onClick: () => void;
  children: ReactNode;
  loading?: boolean;
  block?: boolean;
};

/** The one primary button under a house list or form. */
export function HouseAction({ onClick, children, loading, block }: HouseActionProps) {
  return (
    <div className="house-actions">
      <Button color="primary" block={block} loading={loading} onClick={onClick}>
        {children}
      </Button>
    </div>
  );
}

export type HouseSearchProps = {
  onSearch: (keyword: string) => void;
  placeholder?: string;
};

/** The search bar over a house list; clearing it searches for everything again. */
export function HouseSearch({ onSearch, placeholder = t.searchPlaceholder }: HouseSearchProps) {
  return (
    <div className="house-search">
      <SearchBar placeholder={placeholder} onSearch={onSearch} onClear={() => onSearch('')} />
    </div>
  );
}

/** Where an add form keeps its unsent values on the phone (decision 058), and how they go back in. */
export type HouseDraft<V> = { name: string; values: V; restore: (values: V) => void };

export type HouseAddFormProps<Answer, V = unknown> = {
  title: string;
  form: { validate: () => unknown; refuse: (error: unknown) => void };
  /** Sends what was typed, with the fill's idempotency key; its answer goes to `onSaved`. */
  send: (idempotencyKey: string) => Promise<Answer>;
  pending: boolean;
  onSaved: (answer: Answer) => void;
  children: ReactNode;
  block?: boolean;
  /** Keep the unsent form as a draft (with its submit's key) until it is sent; none when left out. */
  draft?: HouseDraft<V>;
};

/** An add form's rows under its title and the 提交 button that sends them (sendForm). */
export function HouseAddForm<Answer, V = unknown>({
  title,
  form,
  send,
  pending,
  onSaved,
  children,
  block,
  draft,
}: HouseAddFormProps<Answer, V>) {
  const submit = useDraftedSubmit<V | undefined>(draft?.name ?? null, draft?.values, (saved) => {
    if (saved !== undefined) draft?.restore(saved);
  });
  return (
    <>
      <List header={title}>{children}</List>
      <HouseAction block={block} loading={pending} onClick={() => void sendForm(form, send, onSaved, submit)}>
        {t.submit}
      </HouseAction>
      <NetworkRetry failure={submit.failure} />
    </>
  );
}

export type AddFormPageProps<V extends Record<string, unknown>, Out, Answer> = {
  title: string;
  /** The form hook's options: the schema the server checks with, the empty values, the ids' prefix. */
  form: UseSchemaFormOptions<V, Out>;
  /** The create call the typed values go to, with the fill's idempotency key (useHouseCreate). */
  create: { mutateAsync: (body: { fields: V; key: string }) => Promise<Answer>; isPending: boolean };
  /** Where the page goes once saved, in its place in the history (back does not reopen the filled form). */
  savedPath: (answer: Answer) => string;
  rows: (form: SchemaForm<V, Out>) => ReactNode;
};

/** A page that is one add form and nothing else (a channel, a recommendation). */
export function AddFormPage<V extends Record<string, unknown>, Out, Answer>({
  title,
  form: options,
  create,
  savedPath,
  rows,
}: AddFormPageProps<V, Out, Answer>) {
  const navigate = useNavigate();
  const form = useSchemaForm(options);
  return (
    <div>
      <HouseAddForm
        title={title}
        form={form}
        send={(key) => create.mutateAsync({ fields: form.values, key })}
        pending={create.isPending}
        onSaved={(answer) => void navigate(savedPath(answer), { replace: true })}
      >
        {rows(form)}
      </HouseAddForm>
    </div>
  );
}
