// Checks a company's export outside the installation (record 0293; docs/company-export.md):
// the whole file's Ed25519 signature, each acceptance's and certificate's own signature, the
// acceptance chain's links and its head, and the hash of every shown text — with the public keys
// the file carries, whose ids are the ones the certificates' QR statements print. Prints a
// Spanish summary with counts; exits 1 naming the first thing that does not verify.
//   npm run verify-export -- exportacion-empresa-2-2026-11-29.json
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  byId,
  chainProblem,
  EXPORT_FORMAT,
  rowBytes,
  SIGNED_TABLES,
  type CompanyExportContent,
  type CompanyExportFile,
  type ExportRow,
  type SignedTable,
} from '../src/domain/company-export/format.ts';

export type VerifyResult = { ok: true; summary: string[] } | { ok: false; problem: string };

/** A key id: the first 8 hex characters of the raw public key's SHA-256 (decision 0220). */
const keyIdOf = (raw: Buffer) => createHash('sha256').update(raw).digest('hex').slice(0, 8);

function checkSignature(
  keys: Record<string, string>,
  signature: { clave?: unknown; valor?: unknown } | undefined,
  bytes: Uint8Array,
): 'ok' | 'unknown-key' | 'bad' {
  const raw = typeof signature?.clave === 'string' ? keys[signature.clave] : undefined;
  if (!raw || typeof signature?.valor !== 'string') return 'unknown-key';
  const key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
  return verify(null, bytes, key, Buffer.from(signature.valor, 'base64url')) ? 'ok' : 'bad';
}

const TABLE_NAMES: Record<SignedTable, string> = {
  acceptances: 'aceptación',
  acceptance_chain_head: 'cabeza de la cadena de aceptaciones',
  certificates: 'certificado',
};

/** Verifies an export's text. */
export function verifyCompanyExport(text: string): VerifyResult {
  const fail = (problem: string): VerifyResult => ({ ok: false, problem });
  let file: CompanyExportFile;
  let content: CompanyExportContent;
  try {
    file = JSON.parse(text) as CompanyExportFile;
    if (file.formato !== EXPORT_FORMAT) return fail(`el formato no es ${EXPORT_FORMAT}`);
    content = JSON.parse(file.contenido) as CompanyExportContent;
  } catch {
    return fail('el archivo no es un JSON legible');
  }
  const keys = content.claves ?? {};
  for (const [id, raw] of Object.entries(keys))
    if (keyIdOf(Buffer.from(raw, 'base64url')) !== id)
      return fail(`la clave pública ${id} no corresponde a su identificador`);
  const tablas = content.tablas ?? {};
  const firmas = content.firmasDeFilas ?? {};

  // Each signed row, in order: the acceptances by id, then the head, then the certificates.
  for (const table of SIGNED_TABLES) {
    const rows = [...(tablas[table] ?? [])].sort(byId);
    for (const row of rows) {
      const id = String(table === 'acceptance_chain_head' ? row.company_id : row.id);
      const label = `${TABLE_NAMES[table]} ${table === 'acceptance_chain_head' ? '' : `${id} `}`;
      const signature = firmas[table]?.[id];
      if (!signature)
        return fail(
          `${label}(${describe(row)}): la instalación no la firmó (su sello no coincidió)`,
        );
      const verdict = checkSignature(keys, signature, rowBytes(table, row));
      if (verdict === 'unknown-key')
        return fail(`${label}(${describe(row)}): firmada con una clave que el archivo no trae`);
      if (verdict === 'bad')
        return fail(`${label}(${describe(row)}): la firma no coincide (la fila cambió)`);
    }
  }
  const acceptances = [...(tablas.acceptances ?? [])].sort(byId);
  const chain = chainProblem(acceptances, tablas.acceptance_chain_head?.[0]);
  if (chain) {
    if (chain.problem === 'enlace')
      return fail(`aceptación ${String(chain.row!.id)}: no enlaza con la aceptación anterior`);
    return fail('la cabeza de la cadena no coincide con las aceptaciones (faltan o sobran filas)');
  }
  const texts = new Set<string>();
  for (const row of tablas.shown_texts ?? []) {
    const hash = createHash('sha256').update(String(row.body)).digest('hex');
    if (hash !== row.hash) return fail(`texto mostrado ${String(row.hash)}: su huella no coincide`);
    texts.add(String(row.hash));
  }
  for (const row of acceptances)
    if (!texts.has(String(row.shown_version)))
      return fail(`aceptación ${String(row.id)}: falta el texto que se mostró`);
  for (const row of tablas.certificates ?? [])
    if (typeof row.pdf === 'string' && !row.pdf.length)
      return fail(`certificado ${String(row.id)}: falta su PDF`);

  const whole = checkSignature(keys, file.firma, new TextEncoder().encode(file.contenido));
  if (whole !== 'ok') return fail('la firma del archivo completo no coincide (el archivo cambió)');

  const count = (t: string) => (tablas[t] ?? []).length;
  return {
    ok: true,
    summary: [
      `Exportación de ${content.empresa.nombre} (empresa ${content.empresa.id}), hecha el ${content.exportadaEn}.`,
      `Claves públicas: ${Object.keys(keys).join(', ')}.`,
      `Aprendices y personal: ${count('users')}. Ciclos: ${count('induction_cycles')}. Respuestas: ${count('answers')}.`,
      `Aceptaciones: ${acceptances.length}, cada una firmada; la cadena enlaza y termina en su cabeza.`,
      `Certificados: ${count('certificates')}, cada uno firmado.`,
      `Registro de auditoría: ${count('audit_log')} filas. Versiones de configuración: ${count('company_configs')}. Obras: ${count('obras')}.`,
      'Todo verifica: firma del archivo, firmas de las filas, cadena y textos mostrados.',
    ],
  };
}

/** A row named for people: the name and document it carries, when any. */
function describe(row: ExportRow): string {
  const parts = [row.name, row.document].filter((v) => typeof v === 'string' && v);
  return parts.length ? parts.join(', ') : 'sin nombre';
}

function main(argv: string[]): number {
  const path = argv[0];
  if (!path) {
    console.error('Uso: npm run verify-export -- <archivo de exportación .json>');
    return 2;
  }
  const result = verifyCompanyExport(readFileSync(path, 'utf8'));
  if (!result.ok) {
    console.error(`NO VERIFICA: ${result.problem}.`);
    return 1;
  }
  for (const line of result.summary) console.log(line);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = main(process.argv.slice(2));
