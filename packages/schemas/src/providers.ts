/** Request and answer schemas of providers (issue 7). */
export {};
