/** Request and answer schemas of this area (see its domain folder on the server). */
export {};
