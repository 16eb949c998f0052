// Sample context of the built-in kinds a host panel could hand the composer, minted as a host
// would mint it (kind-scoped ids). Plain data that imports nothing, so the docs site's live
// examples (docs/.vitepress/theme/live/) show the same records as the demo.

/** Records a host panel could hand the composer (a terminal, a browser preview, a review…). */
export const SAMPLE_RECORDS = {
  "Terminal excerpt": {
    version: 1, kind: "terminal", contextId: "terminal_build-1", label: "", terminalId: "build-1", terminalLabel: "build",
    lineStart: 12, lineEnd: 14, text: "error TS2322: Type 'string' is not assignable to type 'number'.\n  at src/app.ts:4:7\n",
  },
  "Browser element": {
    version: 1, kind: "element", contextId: "element_btn-go", label: "", pageUrl: "http://localhost:3000/", pageTitle: "Shop",
    tagName: "button", selector: "main > button.go", htmlPreview: '<button class="go">Buy</button>', componentName: "BuyButton",
    source: { functionName: "BuyButton", fileName: "src/BuyButton.tsx", lineNumber: 12, columnNumber: 3 }, styles: "color: red;",
  },
  "Preview annotation": {
    version: 1, kind: "preview-annotation", contextId: "preview-annotation_a1", label: "", annotationId: "a1",
    pageUrl: "http://localhost:3000/", pageTitle: "Shop", comment: "Make the header sticky and a bit darker",
    targetSummary: "1 selected element", styleChanges: ["background: #fff → #222"],
  },
  "Review comment": {
    version: 1, kind: "review-comment", contextId: "review-comment_c42", label: "", sectionId: "s1", sectionTitle: "src/app.ts",
    filePath: "src/app.ts", startIndex: 3, endIndex: 5, rangeLabel: "+12 to +15", text: "Why not a Map here?", diff: "-const a = {}\n+const a = new Map()",
  },
  "Pull request": {
    version: 1, kind: "review-comment", contextId: "review-comment_pr-128", label: "", sectionId: "pull-request:128", sectionTitle: "Pull request",
    filePath: "PR #128", startIndex: 0, endIndex: 0, rangeLabel: "", text: "Ship the composer", diff: "",
    pullRequest: { number: 128, title: "Ship the composer", url: "https://example.com/pull/128", headBranch: "composer", baseBranch: "main", state: "open", isDraft: false },
  },
  "File mention": { version: 1, kind: "mention", contextId: "mention_src-app-ts", label: "src/app.ts", path: "src/app.ts" },
  "Skill": { version: 1, kind: "skill", contextId: "skill_review", label: "Review", name: "review" },
};
