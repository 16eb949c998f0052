// The Tiptap peer as an app would ship it: core, StarterKit and the Mention extension.
import { Editor } from "@tiptap/core";
import Mention from "@tiptap/extension-mention";
import StarterKit from "@tiptap/starter-kit";

export { Editor, Mention, StarterKit };
