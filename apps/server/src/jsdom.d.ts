/**
 * The part of jsdom the server uses (features/file/svg.ts: a window for DOMPurify, and its XML
 * serialiser). @types/jsdom would bring the browser's DOM library into every server file's types.
 */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: import('dompurify').WindowLike & { XMLSerializer: new () => { serializeToString(node: unknown): string } };
  }
}
