/** Schemas of issue 7 (lobby). Being built. */
export {};
