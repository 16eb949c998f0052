// What a framework's templates may pass to the two elements, shared by the JSX declarations of
// each framework (react.ts, vue.ts, svelte.ts, solid.ts): the properties (set as DOM properties,
// objects and functions included) and the `t3-*` events with their typed details.
import type { T3ComposerElement } from "../elements/composer/t3-composer.js";
import type { T3TranscriptElement } from "../elements/transcript/t3-transcript.js";

/** The properties of `<t3-composer>` a template may set. */
export type ComposerProperties = Partial<
  Pick<T3ComposerElement, "placeholder" | "disabled" | "readOnly" | "name" | "draftKey" | "environmentId" | "threadId" | "longPasteThreshold" | "redact" | "redactor" | "budget" | "budgetMode" | "estimateTokens" | "busy" | "value" | "registry" | "transport" | "kinds" | "validateContext" | "toolbar" | "accept" | "speech">
>;

/** The properties of `<t3-transcript>` a template may set. */
export type TranscriptProperties = Partial<Pick<T3TranscriptElement, "messages" | "registry" | "resolveAttachmentUrl" | "environmentId" | "threadId" | "editable" | "transport" | "composer">>;

/** The events `<t3-composer>` fires, by name. */
export type ComposerEvents = Pick<HTMLElementEventMap, "t3-change" | "t3-send" | "t3-sent" | "t3-error" | "t3-context-add" | "t3-context-remove" | "t3-trigger" | "t3-chip-activate" | "t3-context-refresh" | "t3-stop">;

/** The events `<t3-transcript>` fires, by name. */
export type TranscriptEvents = Pick<HTMLElementEventMap, "t3-chip-activate" | "t3-copy" | "t3-edit">;

/** A listener prop per event, named `<prefix><event>`: `ont3-sent` (React 19, Svelte 5), `on:t3-sent` (Solid). */
export type EventProps<Events, Prefix extends string> = {
  [Name in keyof Events & string as `${Prefix}${Name}`]?: (event: Events[Name]) => void;
};

/** `t3-context-add` → `T3ContextAdd`: how Vue names the listener prop of `@t3-context-add`. */
type Pascal<Name extends string> = Name extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<Name>;

/** A listener prop per event as Vue's templates name them: `@t3-sent` is `onT3Sent`. */
export type VueEventProps<Events> = {
  [Name in keyof Events & string as `on${Pascal<Name>}`]?: (event: Events[Name]) => void;
};
