import {
  calculateLoan,
  calculatorAllInCost,
  INTEREST_TYPES,
  REPAYMENT_METHODS,
  validateCalculatorForm,
  type CalculatorForm,
  type LoanResult,
} from '@crm/domain/calculator';
import { yuanToFen } from '@crm/domain/money';
import { Button } from 'antd-mobile';
import { lazy, useState } from 'react';
import { PickerTrigger, useLazySheet } from '../../../components/picker-trigger.tsx';
import { pickTexts } from '../../../lib/locale.ts';
import { checkedBy, useSchemaForm } from '../../../lib/use-schema-form.ts';
import { PlainForm } from '../../../components/plain-form.tsx';
import { CalcInputField, CalcRadioField, type CalcInputFieldProps } from '../components/calc-fields.tsx';
import type { LoanCost } from '../schedule-image.ts';
import { calculatorTexts, enUS } from '../texts.ts';
import './calculator-page.css';

// The term sheet and the result popup bring antd-mobile's popup and its animation library (about two thirds
// of the page's code): they load on the first tap that opens them, not before the form is drawn.
// The first focus or touch inside the form starts both downloads, so they are in by the time a tap needs them.
const loadTermPicker = () => import('../components/term-picker.tsx');
const loadResultPopup = () => import('../components/loan-result-popup.tsx');
const TermPicker = lazy(() => loadTermPicker().then((module) => ({ default: module.TermPicker })));
const LoanResultPopup = lazy(() => loadResultPopup().then((module) => ({ default: module.LoanResultPopup })));
const preloadPopups = () => {
  void loadTermPicker().catch(() => undefined);
  void loadResultPopup().catch(() => undefined);
};

const DEFAULT_INTEREST_TYPE = 1;

/** The loan calculator (spec §2): computed locally, works without login and outside WeChat. */
export function CalculatorPage() {
  const texts = pickTexts(calculatorTexts, enUS);
  const form = useSchemaForm({
    // The domain's own rules and messages (calculator/validate-calculator-form.ts), in the person's locale.
    schema: checkedBy((input: CalculatorForm) => {
      const validation = validateCalculatorForm(input, texts.messages);
      return validation.ok ? { ok: true, data: validation.input } : { ok: false, problems: validation.problems };
    }),
    initial: {
      amount: '',
      nper: null as number | null,
      interestType: DEFAULT_INTEREST_TYPE,
      rate: '',
      method: null as number | null,
    },
    idPrefix: 'calc',
    ids: { nper: 'calc-term' },
  });
  const { nper, interestType, method } = form.values;
  const termPicker = useLazySheet();
  const [result, setResult] = useState<LoanResult | null>(null);
  // The method the shown result was computed with (the form can change under the popup's mask).
  const [isEqualPrincipal, setIsEqualPrincipal] = useState(false);
  // Shown while there is a result; mounted from the first one on.
  const resultPopup = useLazySheet();

  // The fees on top of the rate (decision 068): optional, outside the spec's form and its rules.
  const [fees, setFees] = useState({ upfront: '', monthly: '' });
  const [feeErrors, setFeeErrors] = useState({ upfront: false, monthly: false });
  const [cost, setCost] = useState<LoanCost | undefined>(undefined);

  const isInstalment = interestType === 2;

  const handleSubmit = () => {
    const input = form.validate();
    const upfrontFen = fees.upfront.trim() === '' ? 0 : yuanToFen(fees.upfront);
    const monthlyFen = fees.monthly.trim() === '' ? 0 : yuanToFen(fees.monthly);
    setFeeErrors({ upfront: upfrontFen === null, monthly: monthlyFen === null });
    if (!input || upfrontFen === null || monthlyFen === null) return;
    const allIn = calculatorAllInCost(input, [
      { mode: 'once', amountFen: upfrontFen },
      { mode: 'monthly', amountFen: monthlyFen },
    ]);
    setCost({ upfrontFen, monthlyFen, allInCostPpm: allIn.irrPpm });
    setResult(calculateLoan(input));
    setIsEqualPrincipal(input.interestType === 1 && input.method === 2);
    resultPopup.open();
  };

  const fieldError = (key: keyof typeof form.values) => {
    const { error, errorId } = form.field(key);
    return error ? (
      <p id={errorId} className="calc-field__error" role="alert">
        {error}
      </p>
    ) : null;
  };

  /** The text field of `key`: its unit and placeholder are the texts named after it, its binding the form's. */
  const textField = (key: 'amount' | 'rate', props: Pick<CalcInputFieldProps, 'label' | 'inputMode' | 'maxLength'>) => (
    <CalcInputField
      {...props}
      unit={texts[`${key}Unit`]}
      placeholder={texts[`${key}Placeholder`]}
      input={form.input(key)}
      error={fieldError(key)}
    />
  );

  return (
    // A wrapper only to hear the first focus or touch (no role of its own).
    <div className="calc-page" onFocus={preloadPopups} onPointerDown={preloadPopups}>
      <PlainForm className="calc-form" onSubmit={handleSubmit}>
        {textField('amount', { label: texts.amountLabel, inputMode: 'numeric', maxLength: 10 })}

        <div className="calc-field">
          <label className="calc-field__label" htmlFor="calc-term">
            {texts.termLabel}
          </label>
          <PickerTrigger
            id="calc-term"
            label={nper === null ? texts.termPlaceholder : texts.termOption(nper)}
            isEmpty={nper === null}
            aria-haspopup="dialog"
            onClick={termPicker.open}
          />
          {termPicker.mount(
            <TermPicker
              value={nper}
              visible={termPicker.isOpen}
              texts={texts}
              onClose={termPicker.close}
              onPick={form.set('nper')}
            />,
          )}
          {fieldError('nper')}
        </div>

        <CalcRadioField
          legend={texts.interestTypeLabel}
          options={INTEREST_TYPES}
          labels={texts.interestTypes}
          value={interestType}
          onChange={form.set('interestType')}
          error={fieldError('interestType')}
        />

        {textField('rate', {
          label: isInstalment ? texts.rateLabelInstalment : texts.rateLabelAnnual,
          inputMode: 'decimal',
          maxLength: 8,
        })}

        {isInstalment ? null : (
          <CalcRadioField
            legend={texts.methodLabel}
            options={REPAYMENT_METHODS}
            labels={texts.methods}
            value={method ?? undefined}
            onChange={form.set('method')}
            error={fieldError('method')}
          />
        )}

        {(['upfront', 'monthly'] as const).map((key) => (
          <CalcInputField
            key={key}
            label={key === 'upfront' ? texts.upfrontFeeLabel : texts.monthlyFeeLabel}
            unit={texts.feeUnit}
            placeholder={texts.feePlaceholder}
            inputMode="decimal"
            maxLength={12}
            input={{
              id: `calc-fee-${key}`,
              value: fees[key],
              onChange: (value) => setFees((current) => ({ ...current, [key]: value })),
            }}
            error={
              feeErrors[key] ? (
                <p className="calc-field__error" role="alert">
                  {texts.feeInvalid}
                </p>
              ) : null
            }
          />
        ))}

        <Button className="calc-submit" type="submit" color="primary" size="large" block>
          {texts.submit}
        </Button>
        <p className="calc-disclaimer">{texts.disclaimer}</p>

        {resultPopup.mount(
          <LoanResultPopup
            result={result}
            kind={{ showIrr: isInstalment, isEqualPrincipal }}
            cost={cost}
            texts={texts}
            onClose={() => setResult(null)}
          />,
        )}
      </PlainForm>
    </div>
  );
}
