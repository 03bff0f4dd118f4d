/** Request and answer schemas of app-settings (issue 8). */
export {};
