// The page mounts the typed component that docs/getting-started.md shows (React 19), the same file
// the pack test compiles against the packed tarball: one source for the recipe.
import { createRoot } from "react-dom/client";
import App from "../../../../test/node/package/fixtures/start-react.tsx";

createRoot(document.getElementById("app")).render(<App />);
