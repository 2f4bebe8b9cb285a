import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FormField, FormModel } from '@lea/shared';
import { readPayload } from './payload.js';

const field = (name: string, kind: FormField['kind']): FormField => ({
  id: `news_${name}`,
  name,
  label: name,
  value: '',
  required: false,
  disabled: false,
  hide: false,
  attributes: {},
  kind,
});
const model: FormModel = { tabs: [{ code: 'news', label: 'News', fields: [field('title', 'text'), field('text', 'editor')] }] };
const schema = z.object({ title: z.string(), text: z.string() });

describe('readPayload', () => {
  it('passes rich text through the shared HTML allow-list, and leaves plain text as typed', () => {
    const read = readPayload(
      model,
      [{ code: 'news', form: { title: '<b>titre</b>', text: '<p>Bonjour<img src=x onerror=alert(1)></p><script>alert(1)</script>' } }],
      schema,
    );
    expect(read).toEqual({ ok: true, input: { title: '<b>titre</b>', text: '<p>Bonjour<img src="x"></p>' } });
  });
});
