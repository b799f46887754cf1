export * from './brokerage.ts';
