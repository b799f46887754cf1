export * from './options.ts';
export * from './loan.ts';
export * from './validate-calculator-form.ts';
export * from './agreement.ts';
export * from './all-in-cost.ts';
