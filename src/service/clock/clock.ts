/**
 * The one clock of the service. Every rule that needs the time (a transaction's date, an
 * authorization's expiry, a settlement cut-off, a schedule's due run) reads it from `deps.now`, which
 * `app.ts` and `main.ts` set to `systemClock`; a test passes its own and moves it
 * (testing/movable-clock.ts) instead of sleeping.
 */
export type Clock = () => Date;

/** The machine's time. */
export const systemClock: Clock = () => new Date();
