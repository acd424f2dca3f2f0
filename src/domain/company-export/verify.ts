// Checks a company's export (record 0293; docs/company-export.md) with the public keys it
// carries: the whole content's Ed25519 signature, each acceptance's, the chain head's and each
// certificate's own signature, the acceptance chain's links and its head, and the hash of every
// shown text. WebCrypto only (as ./../gate/verify.ts): it runs in Node 20+ and in a browser, and
// needs nothing of the installation. scripts/verify-company-export.ts is its command line.
import { fromBase64url } from '../gate/statement.ts';
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
} from './format.ts';

export type VerifyResult = { ok: true; summary: string[] } | { ok: false; problem: string };

const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

const sha256Hex = async (subtle: SubtleCrypto, data: Uint8Array<ArrayBuffer>) =>
  hex(await subtle.digest('SHA-256', data));

const utf8 = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

const LABELS: Record<SignedTable, string> = {
  acceptances: 'aceptación',
  acceptance_chain_head: 'cabeza de la cadena de aceptaciones',
  certificates: 'certificado',
};

/** A row named for people: the name and document it carries, when any. */
function describe(row: ExportRow): string {
  const parts = [row.name, row.document].filter((v) => typeof v === 'string' && v);
  return parts.length ? parts.join(', ') : 'sin nombre';
}

/** Verifies an export's text; the first thing that does not verify, in Spanish, or a summary. */
export async function verifyCompanyExport(
  text: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<VerifyResult> {
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

  // Each public key must give its own id (the first 8 hex characters of its SHA-256).
  const keys = new Map<string, CryptoKey>();
  for (const [id, raw] of Object.entries(content.claves ?? {})) {
    const bytes = fromBase64url(raw);
    if (!bytes || bytes.length !== 32 || (await sha256Hex(subtle, bytes)).slice(0, 8) !== id)
      return fail(`la clave pública ${id} no corresponde a su identificador`);
    keys.set(id, await subtle.importKey('raw', bytes, { name: 'Ed25519' }, false, ['verify']));
  }
  const check = async (
    signature: { clave?: unknown; valor?: unknown } | undefined,
    bytes: Uint8Array,
  ): Promise<'ok' | 'unknown-key' | 'bad'> => {
    const key = typeof signature?.clave === 'string' ? keys.get(signature.clave) : undefined;
    const value = typeof signature?.valor === 'string' ? fromBase64url(signature.valor) : null;
    if (!key || !value) return 'unknown-key';
    const data = new Uint8Array(bytes) as Uint8Array<ArrayBuffer>;
    return (await subtle.verify({ name: 'Ed25519' }, key, value, data)) ? 'ok' : 'bad';
  };

  const tablas = content.tablas ?? {};
  const firmas = content.firmasDeFilas ?? {};
  // Each signed row: the acceptances in chain order, then the head, then the certificates.
  for (const table of SIGNED_TABLES) {
    for (const row of [...(tablas[table] ?? [])].sort(byId)) {
      const head = table === 'acceptance_chain_head';
      const id = String(head ? row.company_id : row.id);
      const label = `${LABELS[table]}${head ? '' : ` ${id}`} (${describe(row)})`;
      const signature = firmas[table]?.[id];
      if (!signature) return fail(`${label}: la instalación no la firmó (no verificó al exportar)`);
      const verdict = await check(signature, rowBytes(table, row));
      if (verdict === 'unknown-key')
        return fail(`${label}: firmada con una clave que el archivo no trae`);
      if (verdict === 'bad') return fail(`${label}: la firma no coincide (la fila cambió)`);
    }
  }
  const acceptances = [...(tablas.acceptances ?? [])].sort(byId);
  const chain = chainProblem(acceptances, tablas.acceptance_chain_head?.[0]);
  if (chain?.problem === 'enlace')
    return fail(`aceptación ${String(chain.row!.id)}: no enlaza con la aceptación anterior`);
  if (chain) return fail('la cabeza de la cadena no coincide con las aceptaciones (faltan filas)');
  const texts = new Set<string>();
  for (const row of tablas.shown_texts ?? []) {
    if ((await sha256Hex(subtle, utf8(String(row.body)))) !== row.hash)
      return fail(`texto mostrado ${String(row.hash)}: su huella no coincide`);
    texts.add(String(row.hash));
  }
  for (const row of acceptances)
    if (!texts.has(String(row.shown_version)))
      return fail(`aceptación ${String(row.id)}: falta el texto que se mostró`);

  if ((await check(file.firma, utf8(file.contenido))) !== 'ok')
    return fail('la firma del archivo completo no coincide (el archivo cambió)');

  const count = (t: string) => (tablas[t] ?? []).length;
  return {
    ok: true,
    summary: [
      `Exportación de ${content.empresa.nombre} (empresa ${content.empresa.id}), hecha el ${content.exportadaEn}.`,
      `Claves públicas: ${[...keys.keys()].join(', ')}.`,
      `Aprendices y personal: ${count('users')}. Ciclos: ${count('induction_cycles')}. Respuestas: ${count('answers')}.`,
      `Aceptaciones: ${acceptances.length}, cada una firmada; la cadena enlaza y termina en su cabeza.`,
      `Certificados: ${count('certificates')}, cada uno firmado.`,
      `Registro de auditoría: ${count('audit_log')} filas. Versiones de configuración: ${count('company_configs')}. Obras: ${count('obras')}.`,
      'Todo verifica: la firma del archivo, las firmas de las filas, la cadena y los textos mostrados.',
    ],
  };
}
