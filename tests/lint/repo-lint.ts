// What the tests of the lint rules run a snippet through: the repo's own ESLint config, as if the
// snippet were `file`. Without type information: these rules need none, and it would cost seconds.
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';

const root = path.resolve(import.meta.dirname, '../..');

export const repoEslint = new ESLint({
  cwd: root,
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ],
});

/** The problems the repo's lint finds in `code` at the repo path `file`. */
export async function lintAs(file: string, code: string) {
  const [result] = await repoEslint.lintText(code, { filePath: path.join(root, file) });
  return result?.messages ?? [];
}
