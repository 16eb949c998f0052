// Suggestions for `@` (file mentions) and `$` (skills): a host answers `t3-trigger` with a
// promise of whatever matches the query; the composer ignores answers that arrive stale.
const FILES = ["src/app.ts", "src/api/client.ts", "src/components/Composer.tsx", "README.md", "package.json"];
const SKILLS = [
  { value: "review", label: "Review", detail: "Review the change" },
  { value: "test", label: "Test", detail: "Write tests" },
];

/** Answers the composer's `t3-trigger` events from the lists above. */
export function provideSuggestions(composer) {
  composer.addEventListener("t3-trigger", (event) => {
    const { trigger, query } = event.detail;
    const needle = query.toLowerCase();
    const items =
      trigger === "@"
        ? FILES.filter((path) => path.toLowerCase().includes(needle)).map((path) => ({ kind: "mention", value: path }))
        : SKILLS.filter((skill) => skill.value.startsWith(needle)).map((skill) => ({ kind: "skill", ...skill }));
    event.detail.provide(Promise.resolve(items));
  });
}
