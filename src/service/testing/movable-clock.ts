import type { Clock } from '../clock/clock.js';

/** A clock a test sets and moves (no sleeping): pass `now` as the service's clock (clock/clock.ts). */
export interface MovableClock {
  now: Clock;
  set(at: Date | string): void;
  /** Moves it on by `ms` milliseconds. */
  advance(ms: number): void;
}

export function movableClock(start: Date | string): MovableClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    set: (to) => {
      at = new Date(to).getTime();
    },
    advance: (ms) => {
      at += ms;
    },
  };
}
