import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';

type Purifier = { purify: DOMPurify; serialize: (node: unknown) => string };
let purifier: Purifier | null = null;

/** One DOMPurify on one jsdom window for the process: building a window costs tens of milliseconds. */
function svgPurifier(): Purifier {
  if (!purifier) {
    const { window } = new JSDOM('');
    const serializer = new window.XMLSerializer();
    purifier = { purify: createDOMPurify(window), serialize: (node) => serializer.serializeToString(node) };
  }
  return purifier;
}

/**
 * An uploaded SVG as it may be stored: DOMPurify's allow-list of SVG elements and attributes
 * (scripts, event handlers, foreignObject, animation of attributes and non-local links go, whatever
 * their encoding), written back as XML with its namespaces, as a standalone image file needs;
 * null when no <svg> drawing is left.
 */
export function sanitizeSvg(bytes: Buffer): Buffer | null {
  const { purify, serialize } = svgPurifier();
  const fragment = purify.sanitize(bytes.toString('utf8'), { USE_PROFILES: { svg: true, svgFilters: true }, RETURN_DOM_FRAGMENT: true });
  const root = [...fragment.children].find((element) => element.localName === 'svg');
  return root ? Buffer.from(serialize(root), 'utf8') : null;
}
