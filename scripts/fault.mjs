// `npm run fault -- <name>` (issue 19 §4): one fault script of scripts/faults/, run on its own; exits
// non-zero when the property it checks fails. `npm run fault` alone lists them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runScript } from './lib/load.mjs';

const DIR = join(import.meta.dirname, 'faults');
const names = readdirSync(DIR)
  .filter((file) => file.endsWith('.mjs'))
  .map((file) => file.slice(0, -4))
  .sort();
const name = process.argv[2];
if (!name || !names.includes(name)) {
  console.error(`usage: npm run fault -- <name>\nfaults: ${names.join(', ')}`);
  process.exit(2);
}
const fault = await import(pathToFileURL(join(DIR, `${name}.mjs`)).href);
runScript(fault.run);
