// The admin channel's file and header names (docs/decisions/0113-roles-and-cli-through-server.md),
// shared by the server (admin-channel.ts) and the CLI (cli/forward.ts).
export const ADMIN_FILE = 'curso-sst-admin.json';
export const ADMIN_HEADER = 'x-curso-admin';

export interface AdminChannelFile {
  pid: number;
  url: string;
  token: string;
}

export type ForwardedLine = { stream: 'out' | 'err'; text: string };

/**
 * The proof a server gives that it holds this channel's token (decision 0186), asked with a
 * fresh nonce before the CLI sends anything: HMAC-SHA256 of the nonce under the token.
 */
export const ADMIN_HELLO_PATH = 'consola/cli/hola';
