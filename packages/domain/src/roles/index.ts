export * from './roles.ts';
export * from './home-cards.ts';
