export * from './idcard.ts';
export * from './luhn.ts';
export * from './extract.ts';
