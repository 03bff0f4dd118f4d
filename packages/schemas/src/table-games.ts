/** Request and answer schemas of table-games (issue 7). */
export {};
