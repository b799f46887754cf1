/**
 * The one source of time on the server. Every route, service, adapter and the seed take a `Clock`, so a
 * test steps over a 60 s resend window or a 10-minute cookie by moving its own clock, and no rule ever
 * compares a test's fixed date with the machine's. Lint forbids `Date.now()` and `new Date()` elsewhere.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
