export * from './options.ts';
export * from './amount.ts';
