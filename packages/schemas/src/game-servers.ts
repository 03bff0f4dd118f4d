/** Schemas of issue 7 (game-servers). Being built. */
export {};
