// A corpus of hostile strings for the XSS suites. Each payload, if it ever executed, would call
// `window.__xss(<n>)`; tests install that trap and assert it was never called. The corpus mixes
// classic vectors with their mixed-case, entity-encoded, whitespace-smuggled and
// context-breaking variants, so it exercises attribute, URL, text, CSS and SVG/MathML contexts.

const CALL = "__xss(N)";

/** Payloads that break out of text or attribute context into markup. */
const MARKUP = [
  `<script>${CALL}</script>`,
  `<SCRIPT>${CALL}</SCRIPT>`,
  `<ScRiPt>${CALL}</sCrIpT>`,
  `<script src="data:text/javascript,${CALL}"></script>`,
  `<script/x>${CALL}</script>`,
  `<<script>${CALL}//<</script>`,
  `</script><script>${CALL}</script>`,
  `<img src=x onerror=${CALL}>`,
  `<img src=x onerror="${CALL}">`,
  `<IMG SRC=x ONERROR=${CALL}>`,
  `<img/src=x/onerror=${CALL}>`,
  `<img src=x onerror\t=\t${CALL}>`,
  `<img src=x onerror=&#95;&#95;xss(N)>`,
  `<img src="x" onerror="&#x5f;&#x5f;xss(N)">`,
  `<img src=x:alert(1) onerror=eval(atob('X194c3MoTik='.replace('Tik','Tik')))>`,
  `<svg onload=${CALL}>`,
  `<svg/onload=${CALL}>`,
  `<SVG ONLOAD=${CALL}>`,
  `<svg><script>${CALL}</script></svg>`,
  `<svg><animate onbegin=${CALL} attributeName=x dur=1s>`,
  `<svg><a xlink:href="javascript:${CALL}"><text x="20" y="20">X</text></a></svg>`,
  `<svg><set attributeName="onmouseover" to="${CALL}"/></svg>`,
  `<svg><foreignObject><iframe srcdoc="<script>parent.${CALL}</script>"></iframe></foreignObject></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${CALL}>`,
  `<math href="javascript:${CALL}">X</math>`,
  `<math><maction actiontype="statusline" xlink:href="javascript:${CALL}">X</maction></math>`,
  `<body onload=${CALL}>`,
  `<iframe src="javascript:parent.${CALL}"></iframe>`,
  `<iframe srcdoc="<script>parent.${CALL}</script>"></iframe>`,
  `<object data="javascript:parent.${CALL}"></object>`,
  `<embed src="javascript:parent.${CALL}">`,
  `<video><source onerror="${CALL}"></video>`,
  `<audio src=x onerror=${CALL}>`,
  `<details open ontoggle=${CALL}>`,
  `<input autofocus onfocus=${CALL}>`,
  `<select autofocus onfocus=${CALL}>`,
  `<textarea autofocus onfocus=${CALL}>`,
  `<marquee onstart=${CALL}>`,
  `<div onmouseover="${CALL}">hover</div>`,
  `<a href="javascript:${CALL}">click</a>`,
  `<form action="javascript:${CALL}"><button>go</button></form>`,
  `<button formaction="javascript:${CALL}">go</button>`,
  `<isindex action=javascript:${CALL} type=image>`,
  `<base href="javascript:${CALL}//">`,
  `<link rel=import href="data:text/html,<script>${CALL}</script>">`,
  `<meta http-equiv="refresh" content="0;url=javascript:${CALL}">`,
  `<template><img src=x onerror=${CALL}></template>`,
  `<noscript><p title="</noscript><img src=x onerror=${CALL}>">`,
  `<style>@import "javascript:${CALL}";</style>`,
  `<style>*{background:url("javascript:${CALL}")}</style>`,
  `<div style="background:url(javascript:${CALL})">x</div>`,
  `<div style="width:expression(${CALL})">x</div>`,
  `<x style="behavior:url(#default#time2)" onbegin="${CALL}">`,
  `"><img src=x onerror=${CALL}>`,
  `'><img src=x onerror=${CALL}>`,
  `" onmouseover="${CALL}" x="`,
  `' onmouseover='${CALL}' x='`,
  `" autofocus onfocus="${CALL}`,
  `</textarea><img src=x onerror=${CALL}>`,
  `</title><img src=x onerror=${CALL}>`,
  `</style><img src=x onerror=${CALL}>`,
  `--><img src=x onerror=${CALL}>`,
  `<!--<img src="--><img src=x onerror=${CALL}//">`,
  `<![CDATA[<img src=x onerror=${CALL}>]]>`,
  `&lt;img src=x onerror=${CALL}&gt;`,
  `&#60;img src=x onerror=${CALL}&#62;`,
  `\u003cimg src=x onerror=${CALL}\u003e`,
  `<img src=x onerror=${CALL}//`,
  `<img src="x` + "`" + `onerror=${CALL}>`,
  `<a href="jav&#x09;ascript:${CALL}">x</a>`,
  `<a href="  javascript:${CALL}">x</a>`,
  `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;${CALL}">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<img src="x" onerror="eval('__x'+'ss(N)')">`,
  `<img src=x onerror=window['__xss'](N)>`,
  `<img src=x onerror=top.__xss(N)>`,
  `<img src=x onerror=this.ownerDocument.defaultView.__xss(N)>`,
  `<img srcset="x 1x" onerror=${CALL}>`,
  `<picture><source srcset=x><img src=x onerror=${CALL}></picture>`,
  `<body onpageshow=${CALL}>`,
  `<svg><style>*{fill:url("javascript:${CALL}")}</style></svg>`,
  `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='${CALL}'/></svg>#x"/></svg>`,
  `<object data="data:text/html,<script>parent.${CALL}</script>"></object>`,
  `<iframe src="data:text/html,<script>parent.${CALL}</script>"></iframe>`,
  `<a href="javas\u0063ript:${CALL}">x</a>`,
  `<div id="x" tabindex=1 onfocusin=${CALL} autofocus>`,
  `<xmp><img src=x onerror=${CALL}></xmp>`,
  `<plaintext><img src=x onerror=${CALL}>`,
  `<keygen autofocus onfocus=${CALL}>`,
];

/** URLs that must never become live links, image sources or navigations. */
const URLS = [
  `javascript:${CALL}`,
  `JAVASCRIPT:${CALL}`,
  `JaVaScRiPt:${CALL}`,
  ` javascript:${CALL}`,
  `\tjavascript:${CALL}`,
  `java\tscript:${CALL}`,
  `java\nscript:${CALL}`,
  `java\rscript:${CALL}`,
  `\u0001javascript:${CALL}`,
  `javascript&colon;${CALL}`,
  `javascript&#58;${CALL}`,
  `javascript&#x3A;${CALL}`,
  `&#106;avascript:${CALL}`,
  `&#x6A;avascript:${CALL}`,
  `jav&#x0A;ascript:${CALL}`,
  `javascript%3A${CALL}`,
  `javascript://%0a${CALL}`,
  `javascript://example.com/%0a${CALL}`,
  `data:text/html,<script>${CALL}</script>`,
  `DATA:text/html,<script>${CALL}</script>`,
  `data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoMSk8L3NjcmlwdD4=`,
  `data:image/svg+xml,<svg onload="${CALL}"/>`,
  `data:application/javascript,${CALL}`,
  `vbscript:msgbox(N)`,
  `VBScript:msgbox(N)`,
  `livescript:${CALL}`,
  `mocha:${CALL}`,
  `file:///etc/passwd`,
  `blob:https://evil.example/abc`,
  `about:blank#${CALL}`,
  `chrome://settings`,
  `//evil.example/${CALL}`,
  `\\\\evil.example\\x`,
  `https://evil.example/"><img src=x onerror=${CALL}>`,
  `https://evil.example/' onmouseover='${CALL}`,
  `https://evil.example/<script>${CALL}</script>`,
  `http://"onmouseover="${CALL}"`,
];

/** Markdown bodies whose constructs could smuggle markup or a live non-http link. */
const MARKDOWN = [
  `[click](javascript:${CALL})`,
  `[click](JAVASCRIPT:${CALL})`,
  `[click](javascript&#58;${CALL})`,
  `[click]( javascript:${CALL} )`,
  `[click](<javascript:${CALL}>)`,
  `[click](data:text/html,<script>${CALL}</script>)`,
  `[click](vbscript:msgbox(1))`,
  `![img](javascript:${CALL})`,
  `![x](x" onerror="${CALL})`,
  `<javascript:${CALL}>`,
  `[ref][1]\n\n[1]: javascript:${CALL}`,
  `<div>\n<script>${CALL}</script>\n</div>`,
  `<img src=x onerror=${CALL}>`,
  `inline <b onmouseover="${CALL}">html</b>`,
  "```html\n<script>" + CALL + "</script>\n```",
  "`<img src=x onerror=" + CALL + ">`",
  `| a | b |\n|---|---|\n| <img src=x onerror=${CALL}> | [x](javascript:${CALL}) |`,
  `- [ ] <svg onload=${CALL}>`,
  `~~<script>${CALL}</script>~~`,
  `> <iframe src="javascript:parent.${CALL}"></iframe>`,
  `[x](t3-context://v1/image/ctx_1"><img src=x onerror=${CALL}>)`,
  `[<img src=x onerror=${CALL}>](t3-context://v1/terminal/t1)`,
  `![<svg onload=${CALL}>](t3-context://v1/image/i1)`,
  `<a href="javascript:${CALL}">[x](https://ok.example)</a>`,
  `http://ok.example/<script>${CALL}</script>`,
  `www.evil.example/"onmouseover="${CALL}`,
  `<style>body{display:none}</style>`,
  `<link rel=stylesheet href="https://evil.example/x.css">`,
  `[a](https://ok.example "title\\" onmouseover=\\"${CALL}")`,
  `[a](#" onclick="${CALL})`,
  `**<img src=x onerror=${CALL}>**`,
  `# <svg onload=${CALL}>`,
];

/** Every payload of the corpus, each with its own number in place of `N`. */
export const XSS_PAYLOADS: string[] = [...MARKUP, ...URLS, ...MARKDOWN].map((payload, index) =>
  payload.replaceAll("(N)", `(${index + 1})`),
);

/** Only the URL-shaped payloads (for href, src and pull-request URL fields). */
export const XSS_URLS: string[] = URLS.map((payload, index) => payload.replaceAll("(N)", `(${MARKUP.length + index + 1})`));

/** Installs `window.__xss` (and traps on alert/confirm/prompt); returns the hits so far. */
export function installXssTrap(): { hits: number[]; restore(): void } {
  const hits: number[] = [];
  const target = window as unknown as Record<string, unknown>;
  const saved = { alert: window.alert, confirm: window.confirm, prompt: window.prompt };
  target.__xss = (n: number) => hits.push(n);
  window.alert = () => void hits.push(-1);
  window.confirm = () => (hits.push(-2), false);
  window.prompt = () => (hits.push(-3), null);
  return {
    hits,
    restore() {
      delete target.__xss;
      Object.assign(window, saved);
    },
  };
}
