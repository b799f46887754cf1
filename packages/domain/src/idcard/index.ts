export * from './id-number.ts';
export * from './luhn.ts';
export * from './extract.ts';
