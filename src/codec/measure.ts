// What a message costs a model (docs/budget.md): the characters and estimated tokens of the
// provider projection, the message's own text, the envelope's frame and each referenced id's
// share. One walk of the projection (projection.ts), counted instead of written out.
import type { ComposerContextRecord } from "../contract/types.js";
import { ENVELOPE_CLOSE, ENVELOPE_OPEN, walkProjection, type ProjectionOptions } from "./projection.js";

/**
 * The characters per token of the default estimate: the usual figure for English prose under the
 * byte-pair tokenizers of current models. Code, numbers and non-Latin scripts take more tokens per
 * character, so a host that needs the real count plugs in a tokenizer (docs/budget.md).
 */
const CHARACTERS_PER_TOKEN = 4;

/**
 * The frame of the envelope: its opening and closing tags with their line breaks, less the one
 * line feed that each entry counts as its own (the one before it), so that an entry's share is
 * exactly what removing it takes away.
 */
const ENVELOPE_FRAME = ENVELOPE_OPEN.slice(0, -1) + ENVELOPE_CLOSE;
const ENTRY_SEPARATOR = "\n";

/** Characters and estimated tokens of one part of a projection. */
export interface ContextCost {
  readonly characters: number;
  readonly tokens: number;
}

/** One referenced id's share: its markers, the line feed before its entry, and the entry. */
export interface ContextEntryCost extends ContextCost {
  /** The record's kind, else (no record, or two) the kind its first link names. */
  readonly kind: string;
  /** How many links reference the id: one marker each. */
  readonly markers: number;
}

/** What {@link measureComposerContext} returns. */
export interface ComposerContextMeasure extends ContextCost {
  /** The message's own text, its reference links taken out. */
  readonly text: ContextCost;
  /** The envelope's tags; zero when the text holds no reference link. */
  readonly envelope: ContextCost;
  /** Per referenced context id, in first-reference order. */
  readonly entries: ReadonlyMap<string, ContextEntryCost>;
}

/** Options of {@link measureComposerContext}: the projection's, and the token estimate. */
export interface MeasureOptions extends ProjectionOptions {
  /**
   * The tokens of a piece of text, such as a tokenizer's `countTokens`. Default:
   * {@link estimateTokensFromLength}. Must return a finite number, zero or more.
   */
  estimateTokens?: ((text: string) => number) | undefined;
}

/**
 * The default token estimate: a quarter of the characters, rounded up. It reads only the
 * length, so it costs nothing on a megabyte; expect it to be off by tens of percent on code.
 */
export function estimateTokensFromLength(text: string): number {
  return Math.ceil(text.length / CHARACTERS_PER_TOKEN);
}

/** One part while the walk runs: its characters, and its text when a tokenizer will read it. */
interface Piece {
  kind: string;
  markers: number;
  characters: number;
  text: string;
}

/** The host's estimate, checked; `null` for the default, which needs only the length. */
function tokenCounter(estimate: ((text: string) => number) | undefined): ((text: string) => number) | null {
  if (estimate === undefined || estimate === estimateTokensFromLength) return null;
  return (text) => {
    const tokens = estimate(text);
    if (typeof tokens !== "number" || !Number.isFinite(tokens) || tokens < 0) {
      throw new TypeError(`measureComposerContext: estimateTokens returned ${String(tokens)} (expected a finite number, zero or more)`);
    }
    return tokens;
  };
}

function cost(characters: number, text: string, count: ((text: string) => number) | null): ContextCost {
  return { characters, tokens: count ? count(text) : Math.ceil(characters / CHARACTERS_PER_TOKEN) };
}

/**
 * Measures the projection {@link projectComposerContextForProvider} makes of `input` with the
 * same `options`: its characters and estimated tokens in total, and split into the message's own
 * text, the envelope's frame and one share per referenced context id (its markers, its entry and
 * the line feed before the entry). The characters add up to the projection's length exactly,
 * the tokens to the total; removing every link of one id takes away exactly that id's characters
 * (and the frame too, when it was the last). Tokens are estimated part by part, so a tokenizer
 * may count a few tokens more than it would for the whole string.
 *
 * Never throws on the message; throws a `TypeError` when `options.kinds` is not a list of kind
 * definitions or `estimateTokens` returns something other than a finite number, zero or more.
 */
export function measureComposerContext(
  input: { text: string; records: readonly ComposerContextRecord[] },
  options: MeasureOptions = {},
): ComposerContextMeasure {
  const { text } = input;
  const count = tokenCounter(options.estimateTokens);
  // The default estimate reads lengths only, so the parts' text is gathered for a tokenizer
  // alone (as ropes, which only the tokenizer's reading flattens).
  const gather = count !== null;
  const own: Piece = { kind: "", markers: 0, characters: 0, text: "" };
  const pieces = new Map<string, Piece>();
  const linked = walkProjection(input, options, {
    text: (from, to) => {
      own.characters += to - from;
      if (gather) own.text += text.slice(from, to);
    },
    entry: (contextId, kind, entry) => {
      const piece = pieces.get(contextId)!; // the walk hands out an id's markers before its entry
      piece.kind = kind;
      piece.characters += ENTRY_SEPARATOR.length + entry.length;
      // The entry, then its markers: the order a tokenizer has always been given them in.
      if (gather) piece.text = ENTRY_SEPARATOR + entry + piece.text;
    },
    marker: (contextId, before, label, after) => {
      let piece = pieces.get(contextId);
      // Made at the id's first marker, so the map keeps first-reference order.
      if (!piece) pieces.set(contextId, (piece = { kind: "", markers: 0, characters: 0, text: "" }));
      piece.markers++;
      piece.characters += before.length + label.length + after.length;
      if (gather) piece.text += before + label + after;
    },
  });
  if (!linked) {
    const whole = cost(text.length, text, count);
    return { ...whole, text: whole, envelope: { characters: 0, tokens: 0 }, entries: new Map() };
  }
  const envelope = cost(ENVELOPE_FRAME.length, ENVELOPE_FRAME, count);
  const body = cost(own.characters, own.text, count);
  let characters = body.characters + envelope.characters;
  let tokens = body.tokens + envelope.tokens;
  const entries = new Map<string, ContextEntryCost>();
  for (const [contextId, piece] of pieces) {
    const share = cost(piece.characters, piece.text, count);
    entries.set(contextId, { kind: piece.kind, markers: piece.markers, characters: share.characters, tokens: share.tokens });
    characters += share.characters;
    tokens += share.tokens;
  }
  return { characters, tokens, text: body, envelope, entries };
}
