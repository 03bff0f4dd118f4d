/** Request and answer schemas of controls (issue 7). */
export {};
