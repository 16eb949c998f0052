// The demo's token counts (docs/budget.md, "Plugging in a tokenizer"): gpt-tokenizer's o200k_base
// encoding, the one of OpenAI's GPT-4o family, loaded the first time the composer is focused (2.4 MB
// of ranks a page should not fetch before it is needed) and served beside the demo, never bundled
// into the drop-in. Until it arrives, and if it cannot load, the composer's built-in estimate counts.

const TOKENIZER = "vendor/gpt-tokenizer/encoding/o200k_base.js";
/**
 * Text such as `<|endoftext|>` is a special token to the encoder, which refuses it by default:
 * here it is what a person typed, counted as plain text.
 */
const AS_PLAIN_TEXT = { disallowedSpecial: new Set() };

/** Loads the tokenizer once the composer is first focused; `onReady(name)` says it counts now. */
export function useTokenizer(composer, onReady) {
  const load = () =>
    import(new URL(TOKENIZER, document.baseURI).href).then(
      ({ countTokens }) => {
        composer.estimateTokens = (text) => countTokens(text, AS_PLAIN_TEXT);
        onReady("o200k_base (GPT-4o)");
      },
      (error) => console.warn("The demo's tokenizer did not load; the built-in estimate counts.", error),
    );
  composer.addEventListener("focusin", load, { once: true });
}
