import { XSS_SENTINEL } from './script-execution';

/**
 * Hostile values for the stored-XSS suite, every one of which calls the page's sentinel (`__memoriesXssHit(<id>)`)
 * if it ever runs, so a single execution fails the test. Shapes: the OWASP XSS filter evasion cheat sheet, known
 * mutation-XSS (mXSS) bypasses of HTML sanitisers, and the product's own rules (link schemes, no base64 images).
 * Each factory numbers its payloads so a failure names the one that ran.
 */

let nextId = 0;
/** A fresh call of the sentinel: `__memoriesXssHit(12)`. */
const call = (): string => `${XSS_SENTINEL}(${++nextId})`;
const base64 = (text: string): string => Buffer.from(text, 'utf8').toString('base64');
/** `javascript:` spelled as HTML character references, every character. */
const entityEncoded = (text: string, style: 'decimal' | 'hex' | 'padded'): string =>
  [...text]
    .map((character) => {
      const code = character.codePointAt(0) ?? 0;
      return style === 'decimal'
        ? `&#${code};`
        : style === 'hex'
          ? `&#x${code.toString(16)};`
          : `&#${String(code).padStart(7, '0')}`;
    })
    .join('');

/** Link targets that must never become a clickable script: every scheme, case, encoding and hidden character. */
export function hostileUrls(): string[] {
  return [
    `javascript:${call()}`,
    `JaVaScRiPt:${call()}`,
    `JAVASCRIPT:${call()}`,
    ` javascript:${call()}`,
    `\u0000javascript:${call()}`,
    `\u0001javascript:${call()}`,
    `\u000Ejavascript:${call()}`,
    `\tjavascript:${call()}`,
    `java\tscript:${call()}`,
    `java\nscript:${call()}`,
    `java\rscript:${call()}`,
    `java\u0000script:${call()}`,
    `\u2028javascript:${call()}`,
    `\ufeffjavascript:${call()}`,
    `javascript&colon;${call()}`,
    `${entityEncoded('javascript:', 'decimal')}${call()}`,
    `${entityEncoded('javascript:', 'hex')}${call()}`,
    `${entityEncoded('javascript:', 'padded')}${call()}`,
    `jav&#x09;ascript:${call()}`,
    `jav&#x0A;ascript:${call()}`,
    `jav&#x0D;ascript:${call()}`,
    `%6A%61%76%61%73%63%72%69%70%74:${call()}`,
    `javascript://%0A${call()}`,
    `javascript:/*-->*/${call()}`,
    `javascript:void(${call()})`,
    `vbscript:${call()}`,
    `VbScRiPt:${call()}`,
    `livescript:${call()}`,
    `data:text/html,<script>${call()}</script>`,
    `DATA:text/html,<script>${call()}</script>`,
    ` data:text/html,<script>${call()}</script>`,
    `data:text/html;base64,${base64(`<script>${call()}</script>`)}`,
    `data:image/svg+xml,<svg onload="${call()}">`,
    `data:image/svg+xml;base64,${base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${call()}"/>`)}`,
    `data:application/xhtml+xml,<html xmlns="http://www.w3.org/1999/xhtml"><script>${call()}</script></html>`,
  ];
}

/** Image sources that must never be stored or rendered: inline data (base64), scripts, attribute break-outs. */
export function hostileImageSources(): string[] {
  return [
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'DATA:image/gif;base64,R0lGODlhAQABAAAAACw=',
    ' data:image/png;base64,AAAA',
    `data:image/svg+xml;base64,${base64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${call()}"/>`)}`,
    `javascript:${call()}`,
    `JaVaScRiPt:${call()}`,
    `x" onerror="${call()}`,
    `/api/files/x.png" onerror="${call()}`,
    `/api/files/x.png' onerror='${call()}`,
    `/api/files/x.png><img src=x onerror=${call()}>`,
    `https://example.com/x.png" onerror="${call()}`,
    `x onerror=${call()}`,
  ];
}

/**
 * Markup that has run script somewhere: script and event-handler shapes, SVG and MathML, frames and srcdoc,
 * styles with url()/expression(), and mXSS nestings that change meaning when parsed a second time.
 */
export function hostileHtml(): string[] {
  return [
    `<script>${call()}</script>`,
    `<SCRIPT>${call()}</SCRIPT>`,
    `<scr<script>ipt>${call()}</scr</script>ipt>`,
    `<<script>script>${call()}<</script>/script>`,
    `<img src=x onerror=${call()}>`,
    `<IMG SRC=x OnErRoR=${call()}>`,
    `<img src=x onerror="${call()}"/>`,
    `<img src="x:x" onerror="&#x5f;&#x5f;memoriesXssHit(${++nextId})">`,
    `<img """><script>${call()}</script>">`,
    `<img src=x:alert(1) onerror=eval(atob('${base64(call())}'))>`,
    `<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=" onload="${call()}">`,
    `<svg onload=${call()}>`,
    `<svg/onload=${call()}>`,
    `<svg><script>${call()}</script></svg>`,
    `<svg><script href="data:text/javascript,${call()}"/></svg>`,
    `<svg><a xlink:href="javascript:${call()}"><text x="20" y="20">click</text></a></svg>`,
    `<svg><animate onbegin=${call()} attributeName=x dur=1s>`,
    `<svg><set attributeName="onmouseover" to="${call()}"/></svg>`,
    `<svg><foreignObject><iframe srcdoc="&lt;script&gt;parent.${call()}&lt;/script&gt;"></iframe></foreignObject></svg>`,
    `<math><mtext><table><mglyph><style><img src=x onerror=${call()}>`,
    `<math><mi xlink:href="javascript:${call()}">click</mi></math>`,
    `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${call()}>`,
    `<noscript><p title="</noscript><img src=x onerror=${call()}>">`,
    `<svg></p><style><a id="</style><img src=1 onerror=${call()}>">`,
    `<svg><style><img src=x onerror=${call()}></style></svg>`,
    `<math><style><img src=x onerror=${call()}></style></math>`,
    `<xmp><img src=x onerror=${call()}></xmp>`,
    `<textarea><img src=x onerror=${call()}></textarea>`,
    `<title><img src=x onerror=${call()}></title>`,
    `<template><img src=x onerror=${call()}></template>`,
    `<!--<img src=x onerror=${call()}>-->`,
    `<![CDATA[<img src=x onerror=${call()}>]]>`,
    `<p id="</p><img src=x onerror=${call()}>">x</p>`,
    `<p title="&lt;img src=x onerror=${call()}&gt;">x</p>`,
    `<iframe src="javascript:${call()}"></iframe>`,
    `<iframe srcdoc="&lt;script&gt;${call()}&lt;/script&gt;"></iframe>`,
    `<iframe srcdoc="<img src=x onerror=${call()}>"></iframe>`,
    `<iframe src="data:text/html,<script>${call()}</script>"></iframe>`,
    `<object data="javascript:${call()}"></object>`,
    `<object data="data:text/html;base64,${base64(`<script>${call()}</script>`)}"></object>`,
    `<embed src="javascript:${call()}">`,
    `<base href="javascript:${call()}//">`,
    `<meta http-equiv="refresh" content="0;url=javascript:${call()}">`,
    `<link rel="stylesheet" href="javascript:${call()}">`,
    `<style>@import "javascript:${call()}";</style>`,
    `<style>*{background:url("javascript:${call()}")}</style>`,
    `<body onload=${call()}>`,
    `<details open ontoggle=${call()}>`,
    `<input autofocus onfocus=${call()}>`,
    `<select autofocus onfocus=${call()}>`,
    `<video><source onerror=${call()}></video>`,
    `<audio src=x onerror=${call()}>`,
    `<marquee onstart=${call()}>x</marquee>`,
    `<button formaction="javascript:${call()}">x</button>`,
    `<form action="javascript:${call()}"><input type=submit></form>`,
    `<a href="javascript:${call()}">x</a>`,
    `<a href="JaVaScRiPt:${call()}">x</a>`,
    `<a href=" &#14;  javascript:${call()}">x</a>`,
    `<a href="${entityEncoded('javascript:', 'decimal')}${call()}">x</a>`,
    `<a href="java&#x0A;script:${call()}">x</a>`,
    `<a href="vbscript:${call()}">x</a>`,
    `<a href="data:text/html;base64,${base64(`<script>${call()}</script>`)}">x</a>`,
    `<a href="https://ok.example" onclick="${call()}" onmouseover="${call()}">x</a>`,
    `<p style="background:url(javascript:${call()})">x</p>`,
    `<p style="width: expression(${call()})">x</p>`,
    `<span style="font-family: 'x';background:url(javascript:${call()})">x</span>`,
    `<div style="behavior: url(x.htc)" onmouseover="${call()}">x</div>`,
    `<table background="javascript:${call()}"><tr><td>x</td></tr></table>`,
    `<td colspan="1 onmouseover=${call()}">x</td>`,
    `<table><tr><td><p>x</p></td><div><img src=x onerror=${call()}></div></tr></table>`,
    `<p><button><p><img src=x onerror=${call()}></p></button></p>`,
    `<img src=x onerror=${call()}//`,
    `"><img src=x onerror=${call()}>`,
    `'><svg onload=${call()}>`,
    `</textarea><script>${call()}</script>`,
    `</title><script>${call()}</script>`,
  ];
}

/** Style values for colours, font families and alignment: they must never reach a style attribute as given. */
export function hostileCssValues(): string[] {
  return [
    `expression(${call()})`,
    `url(javascript:${call()})`,
    `red;background:url(javascript:${call()})`,
    `red }</style><script>${call()}</script>`,
    `"Arial"; behavior: url(x.htc); x: expression(${call()})`,
    `x' onload='${call()}`,
    `#fff" onmouseover="${call()}`,
  ];
}
