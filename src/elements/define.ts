// Registers the elements. The only module of the package with a side effect.
import { T3ComposerElement } from "./composer/t3-composer.js";
import { defineElement } from "./register.js";
import { T3TranscriptElement } from "./transcript/t3-transcript.js";

defineElement("t3-composer", T3ComposerElement);
defineElement("t3-transcript", T3TranscriptElement);

declare global {
  interface HTMLElementTagNameMap {
    "t3-composer": T3ComposerElement;
    "t3-transcript": T3TranscriptElement;
  }
}
