// TRUST_PROXY: how many proxies in front of the server may be believed about the client's
// address (X-Forwarded-For), or which addresses they have. Never "trust every hop": a spoofed
// X-Forwarded-For would then pick the address the per-address sign-in limit counts.
//   unset, '', '0', 'false'  → no proxy (the socket's address)
//   '1', 'true'              → one proxy (the usual reverse proxy on the same host)
//   '2'…'10'                 → that many hops
//   '127.0.0.1,10.0.0.0/8'   → proxies at these addresses or ranges (IPv4/IPv6, CIDR)
import { isIP } from 'node:net';

export type TrustProxy = false | number | string[];

export class TrustProxyError extends Error {}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '' || value === '0' || value === 'false' || value === 'no') return false;
  if (value === 'true' || value === 'yes') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new TrustProxyError(`TRUST_PROXY=${raw}: como máximo 10 saltos.`);
    return hops === 0 ? false : hops;
  }
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/');
    const family = isIP(address ?? '');
    const maxBits = family === 6 ? 128 : 32;
    const okBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !okBits || extra !== undefined)
      throw new TrustProxyError(
        `TRUST_PROXY=${raw}: «${entry}» no es un número de saltos ni una dirección IP o rango CIDR.`,
      );
  }
  return list;
}
