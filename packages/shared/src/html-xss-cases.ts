import { HTML_ALLOWED_ATTRIBUTES, HTML_ALLOWED_TAGS, HTML_ALLOWED_URI } from './html-allow-list.js';

/**
 * The attack corpus both sanitisers (server when storing, web when showing) are tested against:
 * classic injections, scheme tricks and the mutation-XSS payloads that rely on the parser
 * reading the cleaned markup differently the second time (noscript, foreign content, nested forms).
 */
export const XSS_PAYLOADS: Record<string, string> = {
  script: '<p>a<script>alert(1)</script>b</p>',
  handler: '<p onclick="alert(1)">a<img src="x" onerror="alert(1)"></p>',
  iframe: '<iframe src="https://evil.example"></iframe><object data="x"></object><embed src="x">',
  javascriptHref: '<a href="javascript:alert(1)">x</a>',
  tabInScheme: '<a href="jav&#x09;ascript:alert(1)">x</a>',
  entityScheme: '<a href="&#106;avascript:alert(1)">x</a>',
  upperScheme: '<a href=" JaVaScRiPt:alert(1)">x</a>',
  dataHref: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  vbscriptHref: '<a href="vbscript:msgbox(1)">x</a>',
  noscriptTitle: '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  svgStyle: '<svg><style><img src=x onerror=alert(1)></style></svg>',
  mathMglyph: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  nestedForms: '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  styleAttribute: '<p style="background:url(javascript:alert(1))">x</p>',
  templateContent: '<template><img src=x onerror=alert(1)></template>',
  metaRefresh: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  formAction: '<form action="javascript:alert(1)"><button>x</button></form>',
  commentBreakout: '<!--<img src="--><img src=x onerror=alert(1)//">',
};

type ElementLike = { localName: string; attributes: ArrayLike<{ name: string; value: string }> };

const TAGS: readonly string[] = HTML_ALLOWED_TAGS;
const ATTRIBUTES: readonly string[] = [...HTML_ALLOWED_ATTRIBUTES, 'target', 'rel'];
// eslint-disable-next-line no-control-regex
const BLANKS = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

/**
 * What in a parsed result lies outside the allow-list: elements, attributes and URLs. Empty for
 * a clean result; the tests parse the sanitiser's output with a real HTML parser and pass its elements.
 */
export function disallowedParts(elements: Iterable<ElementLike>): string[] {
  const found: string[] = [];
  for (const element of elements) {
    if (!TAGS.includes(element.localName)) found.push(`<${element.localName}>`);
    for (const { name, value } of Array.from(element.attributes)) {
      if (!ATTRIBUTES.includes(name)) found.push(`${element.localName}[${name}]`);
      else if ((name === 'href' || name === 'src') && !HTML_ALLOWED_URI.test(value.replace(BLANKS, '')))
        found.push(`${element.localName}[${name}=${value}]`);
    }
  }
  return found;
}
