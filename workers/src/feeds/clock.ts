/** "Now" for the pipeline, injectable so a recorded board can be replayed at the time it was taken. */
export const CLOCK = Symbol('CLOCK');
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
