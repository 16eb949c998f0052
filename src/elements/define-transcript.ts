// Registers <t3-transcript> alone, for the transcript-only drop-in (src/drop-in/transcript.ts);
// the package entry registers both elements in define.ts.
import { defineElement } from "./register.js";
import { T3TranscriptElement } from "./transcript/t3-transcript.js";

defineElement("t3-transcript", T3TranscriptElement);
