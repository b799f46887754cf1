export * from './rules.ts';
export * from './fees.ts';
