import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { API_TYPES_FILE, generateApiTypes, servedDocument } from '../test/support/api-contract';

/**
 * `api-contract.ts document <file>`: writes the OpenAPI document the server serves (for `redocly lint`).
 * `api-contract.ts types`: writes the client types generated from it (`npm run api:types`).
 * Neither needs a database or the network.
 */
const [command, file] = process.argv.slice(2);
const document = await servedDocument();
if (command === 'document' && file) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
  console.info(`wrote ${file}`);
} else if (command === 'types') {
  await writeFile(API_TYPES_FILE, await generateApiTypes(document));
  console.info(`wrote ${path.relative(process.cwd(), API_TYPES_FILE)}`);
} else {
  console.error('usage: api-contract.ts document <file> | types');
  process.exitCode = 2;
}
