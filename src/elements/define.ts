// Registers the elements. The only module of the package with a side effect.
import { defineElement } from "./register.js";
import { T3TranscriptElement } from "./transcript/t3-transcript.js";

defineElement("t3-transcript", T3TranscriptElement);

declare global {
  interface HTMLElementTagNameMap {
    "t3-transcript": T3TranscriptElement;
  }
}
