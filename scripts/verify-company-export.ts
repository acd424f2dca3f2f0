// Checks a company's export outside the installation (record 0293; docs/company-export.md), with
// the public keys the file carries: prints a Spanish summary with counts, or exits 1 naming the
// first thing that does not verify. The checks are src/domain/company-export/verify.ts.
//   npm run verify-export -- exportacion-<empresa>-<día>.json
import { readFileSync } from 'node:fs';
import { verifyCompanyExport } from '../src/domain/company-export/verify.ts';

const path = process.argv[2];
if (!path) {
  console.error('Uso: npm run verify-export -- <archivo de exportación .json>');
  process.exitCode = 2;
} else {
  const result = await verifyCompanyExport(readFileSync(path, 'utf8'));
  if (result.ok) for (const line of result.summary) console.log(line);
  else {
    console.error(`NO VERIFICA: ${result.problem}.`);
    process.exitCode = 1;
  }
}
