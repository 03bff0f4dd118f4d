/** Request and answer schemas of lost-players (issue 8). */
export {};
