export * from './messages.ts';
export * from './case-form.ts';
