// The PDF generator (pdf-lib, ~150 KB) is loaded on demand: this dynamic import makes Vite put
// it in its own chunk, never in the app's initial one. Only small pdf-lib-free modules of the
// domain are imported statically here.
import type { CertificateData } from '../../domain/certificate/types.ts';

export async function createCertificatePdf(data: CertificateData): Promise<Uint8Array> {
  const { generateCertificate } = await import('../../domain/certificate/index.ts');
  return generateCertificate(data);
}
