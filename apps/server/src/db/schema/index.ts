// drizzle-kit and the db client read the whole schema from here; modules import the file they need.
export * from './companies.ts';
export * from './auth.ts';
export * from './work.ts';
export * from './cases.ts';
export * from './money.ts';
export * from './house.ts';
