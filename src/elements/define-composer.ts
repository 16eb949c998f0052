// Registers <t3-composer> alone, for the composer-only drop-in (src/drop-in/composer.ts); the
// package entry registers both elements in define.ts.
import { T3ComposerElement } from "./composer/t3-composer.js";
import { defineElement } from "./register.js";

defineElement("t3-composer", T3ComposerElement);
