// The types of areas.js for the TypeScript that reads it (the lint's tests); the data is there.

/** Each area of the counter's core and the areas it may use. */
export declare const coreAreas: Record<string, string[]>;
/** Each owner of tables (an area, or the storage db/) and the tables it owns. */
export declare const coreTables: Record<string, string[]>;
/** The files that create the tables, outside house/tables. */
export declare const schemaFiles: string[];
/** A file and the other owners' tables it may still name. */
export declare const tableExceptions: Record<string, string[]>;
