// drizzle-kit and the db client read the whole schema from here. A module imports only its own file
// (db/schema/<module>.ts); lint enforces it (eslint.config.js, "modules own their tables").
export * from './staff.ts';
export * from './auth.ts';
export * from './files.ts';
export * from './cases.ts';
export * from './money.ts';
export * from './house.ts';
export * from './sign.ts';
export * from './exam.ts';
export * from './idempotency.ts';
export * from './outside.ts';
export * from './faq.ts';
export * from './pact.ts';
export * from './fair.ts';
export * from './chatter.ts';
export * from './activity.ts';
export * from './esign.ts';
export * from './reminders.ts';
export * from './admin.ts';
export * from './adminio.ts';
export * from './ledger.ts';
export * from './ownership.ts';
export * from './handover.ts';
export * from './pii.ts';
export * from './robots.ts';
export * from './scripts.ts';
export * from './groupsend.ts';
