export * from './ledger.ts';
