import { describe, expect, it } from 'vitest';
import { LOGO_FILE_EXTENSIONS } from '@lea/shared';
import { checkFileContent, decodeBase64 } from './sniff.js';

const hex = (value: string) => Buffer.from(value, 'hex');
const text = (value: string) => Buffer.from(value, 'utf8');

const SAMPLES = {
  pdf: text('%PDF-1.7\n1 0 obj\n'),
  png: hex('89504e470d0a1a0a0000000d49484452'),
  jpeg: hex('ffd8ffe000104a464946'),
  gif: text('GIF89a\x01\x00\x01\x00'),
  bmp: Buffer.concat([text('BM'), Buffer.alloc(40)]),
  docx: Buffer.concat([hex('504b0304'), text('\x14\x00[Content_Types].xml word/document.xml')]),
  xlsx: Buffer.concat([hex('504b0304'), text('\x14\x00[Content_Types].xml xl/workbook.xml')]),
  ole: hex('d0cf11e0a1b11ae10000000000000000'),
  svg: text(
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" style="fill:red"/></svg>',
  ),
  csv: text('nom;prénom\nMartin;Lucas\n'),
};

describe('file content check', () => {
  it('accepts each allowed extension with matching bytes, with its mime type', () => {
    const cases: [string, Buffer, string][] = [
      ['a.pdf', SAMPLES.pdf, 'application/pdf'],
      ['a.PNG', SAMPLES.png, 'image/png'],
      ['a.jpg', SAMPLES.jpeg, 'image/jpeg'],
      ['a.jpeg', SAMPLES.jpeg, 'image/jpeg'],
      ['a.gif', SAMPLES.gif, 'image/gif'],
      ['a.bmp', SAMPLES.bmp, 'image/bmp'],
      ['a.docx', SAMPLES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['a.xlsx', SAMPLES.xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['a.doc', SAMPLES.ole, 'application/msword'],
      ['a.xls', SAMPLES.ole, 'application/vnd.ms-excel'],
      ['a.csv', SAMPLES.csv, 'text/csv'],
    ];
    for (const [name, bytes, mimeType] of cases)
      expect(checkFileContent(name, bytes)).toEqual({ ok: true, extension: name.split('.')[1]!.toLowerCase(), mimeType });
    expect(checkFileContent('a.svg', SAMPLES.svg, LOGO_FILE_EXTENSIONS)).toEqual({ ok: true, extension: 'svg', mimeType: 'image/svg+xml' });
  });

  it('refuses extensions outside the allow-list and files without an extension', () => {
    expect(checkFileContent('setup.exe', hex('4d5a90000300'))).toEqual({ ok: false });
    expect(checkFileContent('page.html', text('<html></html>'))).toEqual({ ok: false });
    expect(checkFileContent('noextension', SAMPLES.pdf)).toEqual({ ok: false });
  });

  it('refuses bytes of another kind than the extension', () => {
    expect(checkFileContent('photo.png', SAMPLES.jpeg).ok).toBe(false);
    expect(checkFileContent('report.pdf', hex('4d5a90000300')).ok).toBe(false);
    expect(checkFileContent('letter.docx', SAMPLES.xlsx).ok).toBe(false);
    expect(checkFileContent('sheet.xlsx', SAMPLES.docx).ok).toBe(false);
    expect(checkFileContent('data.csv', SAMPLES.png).ok).toBe(false);
    expect(checkFileContent('logo.svg', text('just some text'), LOGO_FILE_EXTENSIONS).ok).toBe(false);
    expect(checkFileContent('empty.pdf', Buffer.alloc(0)).ok).toBe(false);
  });

  it('refuses SVG unless the logo extensions are asked for (it is sanitised after, svg.ts)', () => {
    expect(checkFileContent('a.svg', SAMPLES.svg)).toEqual({ ok: false });
  });

  it('only allows the given extensions when restricted', () => {
    expect(checkFileContent('a.pdf', SAMPLES.pdf, ['png']).ok).toBe(false);
    expect(checkFileContent('a.png', SAMPLES.png, ['png']).ok).toBe(true);
  });
});

describe('base64 decoding', () => {
  it('decodes standard and URL-safe base64, with a data: prefix', () => {
    expect(decodeBase64('aGVsbG8=')?.toString()).toBe('hello');
    expect(decodeBase64('data:application/pdf;base64,aGVsbG8=')?.toString()).toBe('hello');
    expect(decodeBase64('-_8')).toEqual(Buffer.from([0xfb, 0xff]));
  });

  it('refuses text that is not base64', () => {
    expect(decodeBase64('not base64 !')).toBeNull();
    expect(decodeBase64('abcde')).toBeNull();
  });
});
