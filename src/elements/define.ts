// Registers the elements. The only module of the package with a side effect.
import { T3ComposerElement } from "./composer/t3-composer.js";
import { defineElement } from "./register.js";

defineElement("t3-composer", T3ComposerElement);

declare global {
  interface HTMLElementTagNameMap {
    "t3-composer": T3ComposerElement;
  }
}
