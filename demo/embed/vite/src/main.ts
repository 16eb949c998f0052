// No framework: the page makes the elements and wires them in code. Importing the package defines
// <t3-composer> and <t3-transcript>, and `document.createElement` knows both tags' types.
import { createMemoryTransport } from "t3-composer";

const transcript = document.createElement("t3-transcript");
const composer = document.createElement("t3-composer");
composer.placeholder = "Ask about your code…";
composer.transport = createMemoryTransport(); // or createFetchTransport({ baseUrl, threadId })

// A sent message (Enter) goes into the transcript as the transport stored it.
composer.addEventListener("t3-sent", (event) => transcript.appendMessage({ ...event.detail.result, role: "user" }));

const insert = document.createElement("button");
insert.type = "button";
insert.textContent = "Insert terminal excerpt";
insert.addEventListener("mousedown", (event) => event.preventDefault()); // keep the composer's caret
insert.addEventListener("click", () =>
  composer.insertContext({
    version: 1, kind: "terminal", contextId: "terminal_build-1", label: "build lines 12-14",
    terminalId: "build-1", terminalLabel: "build", lineStart: 12, lineEnd: 14, text: "error TS2322\n  at src/app.ts:4:7\n",
  }),
);

document.querySelector("#app")!.append(transcript, composer, insert);
