// Types of french.js, for the tests that import it from TypeScript.
import type { T3StringTable } from "../../src/l10n/catalog.js";

export declare const frenchStrings: T3StringTable;
