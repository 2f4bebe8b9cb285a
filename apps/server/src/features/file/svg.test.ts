import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@lea/shared';
import { files } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { tokenFor } from '../../test/auth.js';
import { sanitizeSvg } from './svg.js';

const svg = (inner: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">${inner}</svg>`;

/** Payloads that went past the former pattern check (issue 10), and the classic ones. */
const BYPASSES = {
  entityEncodedLink: svg('<a href="&#106;avascript:alert(1)"><rect width="10" height="10"/></a>'),
  entityEncodedXlink: svg('<a xlink:href="&#x6A;&#x61;vascript&#x3A;alert(document.domain)"><text>x</text></a>'),
  tabInScheme: svg('<a href="java&#9;script:alert(1)"><text>x</text></a>'),
  foreignObjectSrcdoc: svg(
    '<foreignObject width="10" height="10"><iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe></foreignObject>',
  ),
  foreignObjectHtml: svg(
    '<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject>',
  ),
  animateHref: svg('<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'),
  setOnload: svg('<set attributeName="onload" to="alert(1)"/>'),
  script: svg('<script>alert(1)</script>'),
  handler: svg('<rect width="10" height="10" onclick="alert(1)"/>'),
  externalUse: svg('<use href="https://evil.example/sprite.svg#x"/>'),
};

const ACTIVE = /script|foreignObject|srcdoc|iframe|onerror|onclick|onload|<animate|<set\b|evil\.example/i;

describe('sanitizeSvg (DOMPurify, SVG profile)', () => {
  it('strips every bypass payload down to inert drawing', () => {
    for (const [name, payload] of Object.entries(BYPASSES)) {
      const clean = sanitizeSvg(Buffer.from(payload))?.toString('utf8') ?? '';
      expect(clean, name).toMatch(/^<svg[\s>]/);
      expect(clean, name).not.toMatch(ACTIVE);
    }
  });

  it('keeps a plain drawing and refuses what is not an SVG', () => {
    const clean = sanitizeSvg(Buffer.from(svg('<rect width="10" height="10" style="fill:red"/>')))?.toString('utf8');
    expect(clean).toContain('<rect width="10" height="10" style="fill:red"');
    expect(sanitizeSvg(Buffer.from('<html><body>hello</body></html>'))).toBeNull();
    expect(sanitizeSvg(Buffer.from('just text'))).toBeNull();
  });
});

describe('SVG uploads', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  const upload = async (username: string, data: string, originalName: string, type?: string) =>
    test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${await tokenFor(test.app, username)}` },
      payload: { data: Buffer.from(data).toString('base64'), originalName, type },
    });

  it('are refused everywhere but an administrator’s logo upload, even a harmless drawing', async () => {
    const plain = svg('<rect width="10" height="10"/>');
    for (const [username, type] of [
      ['apprenti', undefined],
      ['apprenti', 'logo'],
      ['manager', 'logo'],
      ['admin', 'document'],
    ] as const) {
      const answer = await upload(username, plain, 'logo.svg', type);
      expect(answer.json(), `${username} ${type}`).toMatchObject({ hasError: true, message: MESSAGES.fileFormatDefault });
    }
    const picture = await test.app.inject({
      method: 'POST',
      url: '/api/fr/post-picture',
      headers: { authorization: `Bearer ${await tokenFor(test.app, 'apprenti')}` },
      payload: { data: Buffer.from(plain).toString('base64'), filename: 'me.svg' },
    });
    expect(picture.json()).toMatchObject({ hasError: true, message: MESSAGES.fileFormat });
  });

  it('store an administrator’s logo sanitised, whatever it carried', async () => {
    for (const [name, payload] of Object.entries(BYPASSES)) {
      const answer = await upload('admin', payload, 'logo.svg', 'logo');
      expect(answer.json().hasError, name).toBe(false);
      const { pathName } = answer.json().responses[0].object as { pathName: string };
      const stored = (await test.app.ctx.files.get(pathName))!.toString('utf8');
      expect(stored, name).toMatch(/^<svg[\s>]/);
      expect(stored, name).not.toMatch(ACTIVE);
      const [row] = await test.app.ctx.db.select().from(files).where(eq(files.pathName, pathName));
      expect(row, name).toMatchObject({ mimeType: 'image/svg+xml', size: Buffer.byteLength(stored), folder: 'logo' });
    }
  });

  it('accept an administrator’s raster logo as before', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const answer = await test.app.inject({
      method: 'POST',
      url: '/api/fr/app/file/upload',
      headers: { authorization: `Bearer ${await tokenFor(test.app, 'admin')}` },
      payload: { data: png.toString('base64'), originalName: 'logo.png', type: 'logo' },
    });
    expect(answer.json().hasError).toBe(false);
  });
});
