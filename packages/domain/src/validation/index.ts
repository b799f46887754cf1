export * from './formats.ts';
export * from './fields.ts';
export * from './messages.ts';
