export * from './id-number.ts';
export * from './money.ts';
export * from './messages.ts';
export * from './case-form.ts';
