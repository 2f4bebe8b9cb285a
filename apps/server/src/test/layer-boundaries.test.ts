import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The dependency direction is the linter's to enforce (eslint.config.js): features use the layers,
 * never the other way round. Each case lints a one-line file at a layer's path.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${filePath}` });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import/no-restricted-paths').map((message) => message.message);
}

describe('layer boundaries', () => {
  it.each([
    ['apps/web/src/shell/probe.ts', "export { fetchCategories } from '../features/document/api';\n"],
    ['apps/web/src/forms/probe.ts', "export { fetchCategories } from '../features/document/api';\n"],
    ['apps/web/src/back-office/probe.ts', "export { fetchCategories } from '../features/document/api';\n"],
    ['apps/web/src/shell/probe.ts', "export { router } from '../router';\n"],
    ['apps/server/src/services/probe.ts', "export * from '../features/document/form.js';\n"],
    ['apps/server/src/generic/probe.ts', "export * from '../features/document/form.js';\n"],
    ['apps/server/src/http/probe.ts', "export * from '../features/document/form.js';\n"],
    ['apps/server/src/db/probe.ts', "export * from '../services/history.js';\n"],
  ])('refuses %s importing upwards (%s)', async (filePath, code) => {
    expect(await restrictedImports(filePath, code)).toHaveLength(1);
  });

  it('lets a feature use the layers', async () => {
    expect(
      await restrictedImports('apps/web/src/features/document/probe.ts', "export { HtmlContent } from '../../shell/html-content';\n"),
    ).toEqual([]);
    expect(await restrictedImports('apps/server/src/features/document/probe.ts', "export * from '../../services/history.js';\n")).toEqual(
      [],
    );
  });
});
