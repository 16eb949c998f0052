// React 19 passes props to custom elements as properties (when the element has one) and wires
// `on<event>` props as listeners of exactly that event name: `ont3-sent` hears `t3-sent`.
import { useRef, useState } from "react";
import { createMemoryTransport } from "t3-composer"; // importing defines <t3-composer> and <t3-transcript>

const transport = createMemoryTransport(); // or createFetchTransport({ baseUrl, threadId })

const terminal = {
  version: 1, kind: "terminal", contextId: "terminal_build-1", label: "build lines 12-14",
  terminalId: "build-1", terminalLabel: "build", lineStart: 12, lineEnd: 14, text: "error TS2322\n  at src/app.ts:4:7\n",
};

export default function App() {
  const composer = useRef(null);
  const [messages, setMessages] = useState([]);
  return (
    <>
      <t3-transcript messages={messages} />
      <t3-composer
        ref={composer}
        transport={transport}
        placeholder="Ask about your code…"
        ont3-sent={(event) => setMessages((shown) => [...shown, { ...event.detail.result, role: "user" }])}
      />
      <button
        type="button"
        onMouseDown={(event) => event.preventDefault() /* keep the composer's caret */}
        onClick={() => composer.current.insertContext(terminal)}
      >
        Insert terminal excerpt
      </button>
    </>
  );
}
