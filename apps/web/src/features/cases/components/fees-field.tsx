import { FEE_KINDS, FEE_MODES } from '@crm/domain/calculator';
import { fenToYuan, yuanToFen } from '@crm/domain/money';
import { Button, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { OptionField } from '../../../components/option-field.tsx';
import { casesTexts } from '../texts.ts';

const T = casesTexts.form.fees;
const KIND_OPTIONS = FEE_KINDS.map(({ value, label }) => ({ value, label }));
const MODE_OPTIONS = FEE_MODES.map(({ value, label }) => ({ value, label }));

/** One fee as typed: the amount in yuan as text, so a half-typed "12." stays on screen. */
type FeeRow = { kind: string; mode: string; amount: string; payee: string };

/** The form's `fees` value (a JSON array of {kind, mode, amount_fen, payee}) as rows; '' is none. */
function rowsOf(value: string): FeeRow[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (!Array.isArray(parsed)) return [];
    return parsed.map((fee: Record<string, unknown>) => ({
      kind: typeof fee.kind === 'string' ? fee.kind : 'service',
      mode: typeof fee.mode === 'string' ? fee.mode : 'once',
      amount: typeof fee.amount_fen === 'number' && fee.amount_fen >= 0 ? fenToYuan(fee.amount_fen) : '',
      payee: typeof fee.payee === 'string' ? fee.payee : '',
    }));
  } catch {
    return [];
  }
}

/** Rows back to the form's value; an amount that does not parse goes as null, which the schema refuses in words. */
const valueOf = (rows: FeeRow[]): string =>
  rows.length === 0
    ? ''
    : JSON.stringify(
        rows.map((row) => ({ kind: row.kind, mode: row.mode, amount_fen: yuanToFen(row.amount), payee: row.payee })),
      );

export type FeesFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
};

/**
 * The fees of a case (decision 068): each a kind, once or monthly, an amount in yuan and who receives it. The
 * value travels as the JSON array the server reads in the multipart field `fees`.
 */
export function FeesField({ id, value, onChange }: FeesFieldProps) {
  const [rows, setRows] = useState<FeeRow[]>(() => rowsOf(value));
  const [emitted, setEmitted] = useState(value);
  // A value set from outside (a restored draft, a reset) replaces what is on screen.
  if (value !== emitted) {
    setEmitted(value);
    setRows(rowsOf(value));
  }
  const change = (next: FeeRow[]) => {
    const sent = valueOf(next);
    setRows(next);
    setEmitted(sent);
    onChange(sent);
  };
  const patch = (index: number, fields: Partial<FeeRow>) =>
    change(rows.map((row, i) => (i === index ? { ...row, ...fields } : row)));

  return (
    <div id={id} className="fees-field">
      {rows.map((row, index) => (
        <List key={index} className="fees-field__row" mode="card">
          <List.Item title={T.kind}>
            <OptionField
              id={`${id}-kind-${index}`}
              value={row.kind}
              options={KIND_OPTIONS}
              onChange={(kind) => patch(index, { kind })}
            />
          </List.Item>
          <List.Item title={T.mode}>
            <OptionField
              id={`${id}-mode-${index}`}
              value={row.mode}
              options={MODE_OPTIONS}
              onChange={(mode) => patch(index, { mode })}
            />
          </List.Item>
          <List.Item title={<label htmlFor={`${id}-amount-${index}`}>{T.amount}</label>}>
            <Input
              id={`${id}-amount-${index}`}
              value={row.amount}
              inputMode="decimal"
              placeholder={T.amountPlaceholder}
              onChange={(amount) => patch(index, { amount })}
            />
          </List.Item>
          <List.Item
            title={<label htmlFor={`${id}-payee-${index}`}>{T.payee}</label>}
            extra={
              <Button size="mini" color="danger" fill="none" onClick={() => change(rows.filter((_, i) => i !== index))}>
                {T.remove}
              </Button>
            }
          >
            <Input
              id={`${id}-payee-${index}`}
              value={row.payee}
              placeholder={T.payeePlaceholder}
              maxLength={30}
              onChange={(payee) => patch(index, { payee })}
            />
          </List.Item>
        </List>
      ))}
      <Button
        size="small"
        fill="outline"
        color="primary"
        onClick={() => change([...rows, { kind: 'service', mode: 'once', amount: '', payee: '' }])}
      >
        {T.add}
      </Button>
    </div>
  );
}
