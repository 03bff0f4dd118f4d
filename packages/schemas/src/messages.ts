/** Request and answer schemas of messages (issue 8). */
export {};
