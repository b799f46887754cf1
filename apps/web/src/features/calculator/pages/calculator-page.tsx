import {
  calculateLoan,
  CALCULATOR_TERMS,
  INTEREST_TYPES,
  REPAYMENT_METHODS,
  validateCalculatorForm,
  type CalculatorField,
  type LoanResult,
} from '@crm/domain/calculator';
import { Button, Input, Picker, Radio, Space, Toast } from 'antd-mobile';
import { useState } from 'react';
import { pickTexts } from '../../../lib/locale.ts';
import { LoanResultPopup } from '../components/loan-result-popup.tsx';
import { calculatorTexts, enUS } from '../texts.ts';
import './calculator-page.css';

const DEFAULT_INTEREST_TYPE = 1;

/** The loan calculator (spec §2): computed locally, works without login and outside WeChat. */
export function CalculatorPage() {
  const texts = pickTexts(calculatorTexts, enUS);
  const [amount, setAmount] = useState('');
  const [nper, setNper] = useState<number | null>(null);
  const [interestType, setInterestType] = useState<number>(DEFAULT_INTEREST_TYPE);
  const [rate, setRate] = useState('');
  const [method, setMethod] = useState<number | null>(null);
  const [isTermPickerOpen, setIsTermPickerOpen] = useState(false);
  const [error, setError] = useState<{ field: CalculatorField; message: string } | null>(null);
  const [result, setResult] = useState<LoanResult | null>(null);

  const isInstalment = interestType === 2;

  const handleSubmit = () => {
    const validation = validateCalculatorForm({ amount, nper, interestType, rate, method }, texts.messages);
    if (!validation.ok) {
      setError({ field: validation.field, message: validation.message });
      Toast.show({ content: validation.message });
      return;
    }
    setError(null);
    setResult(calculateLoan(validation.input));
  };

  const fieldError = (field: CalculatorField) =>
    error?.field === field ? (
      <p className="calc-field__error" role="alert">
        {error.message}
      </p>
    ) : null;

  return (
    <form
      className="calc-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        handleSubmit();
      }}
    >
      <div className="calc-field">
        <label className="calc-field__label" htmlFor="calc-amount">
          {texts.amountLabel}
        </label>
        <div className="calc-field__row">
          <Input
            id="calc-amount"
            inputMode="numeric"
            placeholder={texts.amountPlaceholder}
            value={amount}
            maxLength={10}
            onChange={setAmount}
          />
          <span className="calc-field__unit">{texts.amountUnit}</span>
        </div>
        {fieldError('amount')}
      </div>

      <div className="calc-field">
        <label className="calc-field__label" htmlFor="calc-term">
          {texts.termLabel}
        </label>
        <button
          id="calc-term"
          type="button"
          className={`picker-trigger${nper === null ? ' picker-trigger--empty' : ''}`}
          aria-haspopup="dialog"
          onClick={() => setIsTermPickerOpen(true)}
        >
          <span>{nper === null ? texts.termPlaceholder : texts.termOption(nper)}</span>
          <span className="picker-trigger__arrow" aria-hidden="true">
            ›
          </span>
        </button>
        <Picker
          columns={[CALCULATOR_TERMS.map((months) => ({ label: texts.termOption(months), value: months }))]}
          value={nper === null ? [] : [nper]}
          visible={isTermPickerOpen}
          title={texts.termLabel}
          confirmText={texts.confirm}
          cancelText={texts.cancel}
          onClose={() => setIsTermPickerOpen(false)}
          onConfirm={([picked]) => {
            if (picked !== null && picked !== undefined) setNper(Number(picked));
          }}
        />
        {fieldError('nper')}
      </div>

      <fieldset className="calc-field">
        <legend className="calc-field__label">{texts.interestTypeLabel}</legend>
        <Radio.Group value={interestType} onChange={(value) => setInterestType(Number(value))}>
          <Space wrap>
            {INTEREST_TYPES.map((option) => (
              <Radio key={option.value} value={option.value}>
                {texts.interestTypes[option.key] ?? option.key}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {fieldError('interestType')}
      </fieldset>

      <div className="calc-field">
        <label className="calc-field__label" htmlFor="calc-rate">
          {isInstalment ? texts.rateLabelInstalment : texts.rateLabelAnnual}
        </label>
        <div className="calc-field__row">
          <Input
            id="calc-rate"
            inputMode="decimal"
            placeholder={texts.ratePlaceholder}
            value={rate}
            maxLength={8}
            onChange={setRate}
          />
          <span className="calc-field__unit">{texts.rateUnit}</span>
        </div>
        {fieldError('rate')}
      </div>

      {isInstalment ? null : (
        <fieldset className="calc-field">
          <legend className="calc-field__label">{texts.methodLabel}</legend>
          <Radio.Group value={method ?? undefined} onChange={(value) => setMethod(Number(value))}>
            <Space wrap>
              {REPAYMENT_METHODS.map((option) => (
                <Radio key={option.value} value={option.value}>
                  {texts.methods[option.key] ?? option.key}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          {fieldError('method')}
        </fieldset>
      )}

      <Button className="calc-submit" type="submit" color="primary" size="large" block>
        {texts.submit}
      </Button>
      <p className="calc-disclaimer">{texts.disclaimer}</p>

      <LoanResultPopup result={result} showIrr={isInstalment} texts={texts} onClose={() => setResult(null)} />
    </form>
  );
}
