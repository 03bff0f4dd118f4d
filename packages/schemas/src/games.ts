/** Schemas of issue 7 (games). Being built. */
export {};
